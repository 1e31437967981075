// The credential rule of GET /api/users/blocked_users/{id} (API.md §1.8 "cookie", §4.1): a sent bearer wins
// (invalid or expired → 401, no fallback); with no bearer, an active unexpired refresh cookie; neither → 401.
import type { FastifyRequest } from "fastify";
import { readBearer } from "../../http/auth.js";
import { ApiError } from "../../http/errors.js";
import { REFRESH_COOKIE } from "../auth/index.js";
import type { AuthService } from "../auth/index.js";

export async function bearerOrCookieCallerId(
  auth: Pick<AuthService, "verifyBearer" | "callerFromCookie">,
  request: FastifyRequest,
): Promise<number> {
  const bearer = readBearer(request);
  if (bearer) return (await auth.verifyBearer(bearer)).userId;
  const cookie = request.cookies[REFRESH_COOKIE];
  if (!cookie) throw new ApiError("AUTH_REQUIRED", "A bearer token or the refresh cookie is required.");
  return auth.callerFromCookie(cookie);
}
