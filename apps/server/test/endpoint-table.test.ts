// The endpoint table (issue #23 item 3): the server registers exactly the routes of packages/contract's `endpoints`,
// each through http/route.ts from its entry — no route without an entry, no entry without a route.
import { allEndpoints, type Endpoint } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredEndpoints } from "../src/http/route.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { openApiPaths, registeredRoutes } from "./helpers/routes.js";

let ctx: TestContext;
beforeAll(async () => {
  // With a metrics token, so the optional /api/metrics route exists too.
  ctx = await createTestContext({ env: { METRICS_TOKEN: "metrics-token-for-the-endpoint-table-0123" } });
});
afterAll(async () => ctx.close());

const key = (e: Pick<Endpoint, "method" | "path">) => `${e.method} ${e.path}`;

/** Routes the table does not describe: Swagger UI's pages and assets, and the web app's files. */
function outsideTheTable(url: string): boolean {
  return url.startsWith("/api/docs") || !/^\/(api|media)(\/|$)/.test(url);
}

describe("endpoint table", () => {
  it("registers every entry, each once, and every API route from an entry", () => {
    const table = allEndpoints();
    const registered = registeredEndpoints(ctx.app);
    expect(new Set(table.map((t) => key(t.endpoint))).size, "method + path unique in the table").toBe(table.length);
    const unregistered = table.filter((t) => !registered.includes(t.endpoint)).map((t) => t.key);
    expect(unregistered, "entries without a route").toEqual([]);
    expect(registered.length, "an entry registered twice").toBe(new Set(registered).size);

    // Routes sharing a position print their parameter names joined by `|`: any of the spellings may be the entry's.
    const routes = registeredRoutes(ctx.app).filter((r) => r.method !== "HEAD" && !outsideTheTable(r.url));
    const fromTable = new Set(registered.map(key));
    const bypassing = routes
      .filter(
        (r) => !openApiPaths(r.url).some((p) => fromTable.has(`${r.method} ${p.replace(/\{([a-z_]+)\}/g, ":$1")}`)),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(bypassing, "routes registered without an entry").toEqual([]);
  });

  it("refuses an anonymous call of every required-auth entry with 401 AUTH_REQUIRED", async () => {
    for (const { key: name, endpoint } of allEndpoints()) {
      if (endpoint.auth !== "required" || endpoint.path.includes("/stream")) continue;
      const url = endpoint.path.replace(/:[a-z_]+/g, "1");
      const res = await ctx.app.inject({ method: endpoint.method, url });
      expect(res.statusCode, name).toBe(401);
      expect(res.json().code, name).toBe("AUTH_REQUIRED");
    }
  });
});
