// Bearer authentication per route mode (API.md §1.8), run in onRequest so 401 precedes body errors.
import type { AuthMode, ErrorCode } from "@moviepedia/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "./errors.js";

export type { AuthMode } from "@moviepedia/contract";

export interface Caller {
  userId: number;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The authenticated caller, or null (anonymous, or an ignored bad bearer on optional routes). */
    caller: Caller | null;
    /** Why an optional route served the request anonymously despite a bearer: the code a required route would use. */
    bearerProblem: ErrorCode | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
}

export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^bearer\s+(.*)$/i.exec(header.trim());
  const token = match?.[1]?.trim();
  return token ? token : null;
}

export type BearerVerifier = (token: string) => Promise<Caller>;

export function registerAuth(app: FastifyInstance, verify: BearerVerifier): void {
  app.decorateRequest("caller", null);
  app.decorateRequest("bearerProblem", null);
  // Callback style: routes without authentication, and requests without a bearer, cost no promise.
  app.addHook("onRequest", (request, reply, done) => {
    const mode = request.routeOptions.config?.auth ?? "none";
    // `cookie` routes read the bearer (or the refresh cookie) themselves.
    if (mode === "none" || mode === "cookie") return done();
    const token = readBearer(request);
    if (!token) {
      request.bearerProblem = "AUTH_REQUIRED";
      return done(mode === "required" ? new ApiError("AUTH_REQUIRED", "Authentication is required.") : undefined);
    }
    verify(token).then(
      (caller) => {
        request.caller = caller;
        done();
      },
      (error: unknown) => {
        if (!(error instanceof ApiError) || mode === "required") return done(error as Error);
        request.bearerProblem = error.code;
        reply.header("WWW-Authenticate", 'Bearer error="invalid_token"');
        done();
      },
    );
  });
}

/** For optional routes whose feature needs a valid bearer (`following=true`): the required-mode 401. */
export function requireCaller(request: FastifyRequest): Caller {
  if (request.caller) return request.caller;
  const code = request.bearerProblem ?? "AUTH_REQUIRED";
  const detail =
    code === "TOKEN_EXPIRED"
      ? "The access token has expired."
      : code === "AUTH_REQUIRED"
        ? "Authentication is required."
        : "The access token is invalid.";
  throw new ApiError(code, detail);
}
