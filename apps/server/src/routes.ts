// Every module's routes, registered on one app.
import type { App } from "./http/types.js";
import { authRoutes } from "./modules/auth/routes.js";
import { opsRoutes } from "./modules/ops/routes.js";
import { userRoutes } from "./modules/users/routes.js";
import type { Services } from "./services.js";

export function registerRoutes(app: App, s: Services): void {
  opsRoutes(app, s.db);
  authRoutes(app, s.auth, s.config);
  userRoutes(app, s.users);
}
