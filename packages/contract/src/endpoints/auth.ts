// Accounts and sessions (API.md §3, §4.1): signup, signin, the password change, refresh and logout.
import { z } from "zod";
import { endpoint } from "../endpoint.js";
import { AUTH_BODY_LIMIT_BYTES } from "../limits.js";
import { AuthTokens, ChangePasswordRequest, Me, SigninRequest, SignupRequest } from "../users.js";

const tag = "users";

export const authEndpoints = {
  signup: endpoint({
    method: "POST",
    path: "/api/users/signup",
    auth: "none",
    rateLimit: "signup",
    tag,
    body: SignupRequest,
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    responses: { 201: Me },
  }),
  signin: endpoint({
    method: "POST",
    path: "/api/users/signin",
    auth: "none",
    rateLimit: "signin",
    tag,
    body: SigninRequest,
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    responses: { 201: AuthTokens },
  }),
  changePassword: endpoint({
    method: "PATCH",
    path: "/api/users/me/password",
    auth: "required",
    rateLimit: "signin",
    tag,
    summary: "Change the password; every other session of the member ends [EXT].",
    body: ChangePasswordRequest,
    bodyLimit: AUTH_BODY_LIMIT_BYTES,
    responses: { 204: z.null() },
  }),
  /** A GET that rotates the refresh cookie (its only credential); the route accepts it only from a script. */
  refresh: endpoint({
    method: "GET",
    path: "/api/users/refresh",
    auth: "none",
    writes: true,
    tag,
    responses: { 200: AuthTokens },
  }),
  /** Ends the cookie's session, else the bearer's. */
  logout: endpoint({
    method: "POST",
    path: "/api/users/logout",
    auth: "optional",
    writes: true,
    tag,
    responses: { 204: z.null() },
  }),
  /** The GET spelling of `logout`: it ends a session, so the route accepts it only from a script. */
  logoutGet: endpoint({
    method: "GET",
    path: "/api/users/logout",
    auth: "optional",
    writes: true,
    tag,
    responses: { 204: z.null() },
  }),
};
