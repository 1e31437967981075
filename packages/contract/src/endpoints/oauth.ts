// Social login (API.md §4.2, docs/social-login.md): the configured providers, the redirect to one, its callback.
import { z } from "zod";
import { endpoint } from "../endpoint.js";
import { AuthProviders, AuthTokens } from "../users.js";

const tag = "auth";
const ProviderParams = z.object({ provider: z.string() });
const CallbackQuery = z.object({ code: z.string().optional(), state: z.string().optional() });

export const oauthEndpoints = {
  providers: endpoint({
    method: "GET",
    path: "/api/auth/providers",
    auth: "none",
    tag,
    responses: { 200: AuthProviders },
  }),
  /** A page the browser navigates to (not a fetch): it sets the state cookie and redirects to the provider. */
  start: endpoint({
    method: "GET",
    path: "/api/auth/:provider",
    auth: "none",
    tag,
    params: ProviderParams,
    responses: { 302: z.null() },
  }),
  /** A GET that starts a session (sets the refresh cookie) from the provider's code. */
  callback: endpoint({
    method: "GET",
    path: "/api/auth/:provider/callback",
    auth: "none",
    rateLimit: "oauth",
    writes: true,
    tag,
    params: ProviderParams,
    query: CallbackQuery,
    responses: { 200: AuthTokens },
  }),
};
