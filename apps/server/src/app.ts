// buildApp(deps) → a Fastify instance with every route; tests build it with their own database, no port needed.
import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { BODY_LIMIT_BYTES, endpoints } from "@moviepedia/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import { requestArrived } from "./db/data-version.js";
import { registerAuth } from "./http/auth.js";
import { registerBodyParsers } from "./http/body-parser.js";
import { registerCompression } from "./http/compression.js";
import { capConnectionsPerIp, clientErrorHandler, timeoutOptions } from "./http/connection-limits.js";
import { registerCors } from "./http/cors.js";
import { frameworkErrors, registerErrorHandling } from "./http/error-handler.js";
import { createShareService } from "./modules/share/service.js";
import { AccessLog, type LogOverrides, loggerOptions } from "./http/logging.js";
import { registerRateLimits } from "./http/rate-limit.js";
import { registerReadOnly } from "./http/read-only.js";
import { registerRequestMetrics } from "./http/request-metrics.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerGracefulClose } from "./http/shutdown.js";
import type { App } from "./http/types.js";
import { validatorCompiler } from "./http/validation.js";
import { metrics } from "./lib/metrics.js";
import { configureReadCache } from "./cache/index.js";
import { setTmdbImageBaseUrl } from "./lib/media-urls.js";
import { route } from "./http/route.js";
import { registerRoutes } from "./routes.js";
import { createServices, type ServiceDeps, type Services } from "./services.js";

export { createServices, type Services } from "./services.js";

export interface AppDeps extends ServiceDeps {
  /** false: no logs; otherwise the token-free logger of http/logging.ts, optionally to another stream or level. */
  logger?: boolean | LogOverrides;
  /** Services already built for these deps (tests share them with the app). */
  services?: Services;
}

/** Node caps a request head at 16 KiB, so no path parameter is ever longer than this. */
const MAX_PARAM_LENGTH = 16 * 1024;

const SPA_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:", "https:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

// /api/docs runs Swagger UI from local assets: scripts and styles from this origin, icons as data: URLs; nothing
// else (no CDN, no validator badge, no framing). Inline styles are allowed because Swagger UI sets some while
// expanding operations (checked in Chromium: no violation with this policy). The SPA's policy stays elsewhere.
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
].join("; ");

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many addresses from the socket's end of
 * X-Forwarded-For (Express's semantics; Fastify's own number option trusts none), so the client is the right-most
 * address not added by one of those proxies; a list trusts exactly those peers (proxy-addr).
 */
export function trustProxyOption(
  trust: Config["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust === 0 ? false : (_address, hop) => hop < trust;
  return trust;
}

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Image URLs are built by the mappers from this base (lib/media-urls.ts); config is the only reader of the env.
  setTmdbImageBaseUrl(config.catalog.tmdbImageBaseUrl);
  // The read cache is one per process (its regions are declared by the modules): its budget comes from here.
  configureReadCache(config.cacheMaxBytes, config.cacheOff);
  // Background failures of the services (the notification bus) go to the app's log, which exists a moment later.
  const logs: { to?: FastifyInstance["log"] } = {};
  const services =
    deps.services ?? createServices({ ...deps, logError: (error, message) => logs.to?.error({ err: error }, message) });
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config, deps.logger === true ? {} : deps.logger),
    logController: new AccessLog(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Long ids still reach the route, which answers its 404 (Fastify's default 100-character limit answers 414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    ...timeoutOptions(config),
    // close() stops accepting connections, drops idle keep-alive ones and waits for requests in flight.
    forceCloseConnections: "idle",
    // A request that reaches an open connection while closing is served like any other (its answer closes the
    // connection, http/shutdown.ts), not refused with Fastify's own 503 body outside the error shape.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>() as App;
  logs.to = app.log;

  capConnectionsPerIp(app.server, config.maxConnectionsPerIp, config.trustProxy);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before anything reads the database for this request: the database version read from here on is newer than its
  // arrival (db/data-version.ts).
  app.addHook("onRequest", (_request, _reply, done) => {
    requestArrived();
    done();
  });
  // First of the other onRequest hooks: every answer carries them, including those a later hook ends early (401, 404, 429).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP },
    crossOriginEmbedderPolicy: false,
  });
  registerBodyParsers(app);
  // onRequest order = precedence: CORS headers on everything, then 429, then 401 (API.md §2.2).
  registerCors(app, config.corsOrigins);
  registerReadOnly(app, config.readOnly);
  registerRateLimits(app, services.limiter, config.rateLimits, services.tokens.tokenOwner);
  registerAuth(app, services.auth.verifyBearer);
  registerRequestMetrics(app, metrics);
  registerGracefulClose(app);
  const share = createShareService(services.db);
  registerErrorHandling(app, config.webDist, {
    headFor: share.headFor,
    origin: (request) => config.publicOrigin ?? `${request.protocol}://${request.host}`,
  });

  await app.register(fastifyCookie);
  await registerCompression(app);

  app.addHook("onSend", (request, reply, payload, done) => {
    const url = request.url;
    if (isApiPath(url) && !url.startsWith("/api/docs")) {
      reply.header("Cache-Control", "no-store");
    }
    done(null, payload);
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Moviepedia API", version: "1.0.0", description: "무비피디아 HTTP API (API.md)" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: DOCS_CSP,
  });
  route(app, endpoints.ops.openApi, async () => app.swagger() as { openapi: string; paths: Record<string, unknown> });

  registerRoutes(app, services);
  // Open notification streams would hold close() until the grace period ends: they end first (clients reconnect).
  app.addHook("preClose", (done) => {
    services.notificationStreams.closeAll();
    done();
  });
  app.addHook("onClose", async () => services.notifications.bus.close());

  if (fs.existsSync(path.join(config.webDist, "index.html"))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies of its text files: sent to browsers that accept them, with Vary.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  return app;
}
