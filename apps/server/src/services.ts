// The service container: each module's service built with exactly what it uses (STYLE: no god base class).
import type { Config } from "./config.js";
import type { DbHandle } from "./db/connection.js";
import { createLimiter } from "./http/rate-limit.js";
import { MemoryRateLimitStore, type RateLimitStore } from "./lib/rate-limiter.js";
import { type Clock, systemClock } from "./lib/time.js";
import { createAuthService } from "./modules/auth/service.js";
import { createTokenService } from "./modules/auth/tokens.js";
import { createUsersService } from "./modules/users/service.js";

export interface ServiceDeps {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  rateLimitStore?: RateLimitStore;
}

export function createServices(deps: ServiceDeps) {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const limiter = createLimiter(deps.rateLimitStore ?? new MemoryRateLimitStore(() => clock.now().getTime()));
  const tokens = createTokenService(config, clock);
  const auth = createAuthService({ db, config, clock, tokens, limiter });
  const users = createUsersService(db);
  return { config, database, db, clock, limiter, tokens, auth, users };
}

export type Services = ReturnType<typeof createServices>;
