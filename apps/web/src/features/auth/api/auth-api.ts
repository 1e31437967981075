// Account calls of API.md §4.1–4.2 and their query options.
import {
  type AuthProviders,
  type AuthTokens,
  type LoginForm,
  type Me,
  type OAuthProvider,
  type SignupForm,
} from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../shared/lib/api";

export function signin(form: LoginForm): Promise<AuthTokens> {
  return apiFetch<AuthTokens>("/api/users/signin", { method: "POST", body: form, auth: "none" });
}

export function signup(form: SignupForm): Promise<Me> {
  return apiFetch<Me>("/api/users/signup", { method: "POST", body: form, auth: "none" });
}

const NONE_CONFIGURED: AuthProviders = { kakao: false, google: false };

/** Which social providers are configured; where the endpoint is missing or fails, none is. */
export async function fetchProviders(): Promise<AuthProviders> {
  try {
    return await apiFetch<AuthProviders>("/api/auth/providers", { auth: "none" });
  } catch {
    return NONE_CONFIGURED;
  }
}

export function socialCallback(provider: OAuthProvider, code: string, state: string | null): Promise<AuthTokens> {
  return apiFetch<AuthTokens>(`/api/auth/${provider}/callback`, { query: { code, state }, auth: "none" });
}

export const authQueries = {
  all: ["auth"] as const,
  providers: () =>
    queryOptions({ queryKey: [...authQueries.all, "providers"], queryFn: fetchProviders, staleTime: Infinity }),
};
