import { endpoints } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Config } from "../../config.js";
import { pingDatabase } from "../../db/connection.js";
import type { Database } from "../../db/types.js";
import { ApiError } from "../../http/errors.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { metrics } from "../../lib/metrics.js";
import { metricsRoute } from "./metrics.js";

const HEALTH_TIMEOUT_MS = 2000;

export function opsRoutes(app: App, db: Kysely<Database>, config: Pick<Config, "metricsToken">): void {
  metricsRoute(app, config.metricsToken, metrics);
  route(app, endpoints.ops.health, async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([pingDatabase(db), timeout]);
    } catch {
      throw new ApiError("DATABASE_UNAVAILABLE", "The database is unavailable.");
    } finally {
      clearTimeout(timer);
    }
    return { status: "ok", database: "ok" };
  });
}
