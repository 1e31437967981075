// buildApp(deps) → a Fastify instance with every route; tests build it with their own database, no port needed.
import fs from "node:fs";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { BODY_LIMIT_BYTES } from "@moviepedia/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import { registerAuth } from "./http/auth.js";
import { registerBodyParsers } from "./http/body-parser.js";
import { registerErrorHandling } from "./http/error-handler.js";
import { registerRateLimits } from "./http/rate-limit.js";
import type { App } from "./http/types.js";
import { validatorCompiler } from "./http/validation.js";
import { registerRoutes } from "./routes.js";
import { createServices, type ServiceDeps, type Services } from "./services.js";

export { createServices, type Services } from "./services.js";

export interface AppDeps extends ServiceDeps {
  /** Pino logger options or false; defaults to the configured level. */
  logger?: boolean | object;
  /** Services already built for these deps (tests share them with the app). */
  services?: Services;
}

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

function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    // Tokens never reach the log: no auth or cookie headers, and URLs are logged without their query string
    // (OAuth callbacks carry code and state there).
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: {
      req(req: { method: string; url: string; ip?: string }) {
        return { method: req.method, url: req.url.split("?")[0], ip: req.ip };
      },
    },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const services = deps.services ?? createServices(deps);
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerBodyParsers(app);
  registerRateLimits(app, services.limiter, config.rateLimits);
  registerAuth(app, services.auth.verifyBearer);
  registerErrorHandling(app, config.webDist);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const url = request.url;
    if ((url === "/api" || url.startsWith("/api/")) && !url.startsWith("/api/docs")) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
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
    staticCSP: true,
    transformStaticCSP: (header) => `${header}; frame-ancestors 'none'`,
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  registerRoutes(app, services);

  if (fs.existsSync(path.join(config.webDist, "index.html"))) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  return app;
}
