import type { FastifyRequest } from "fastify";
import { ApiError } from "./errors.js";

/** The caller's id on a required-auth route (the onRequest hook has already refused anonymous requests). */
export function requireCallerId(request: FastifyRequest): number {
  if (!request.caller) throw new ApiError("AUTH_REQUIRED", "Authentication is required.");
  return request.caller.userId;
}
