// Account calls of API.md §4.1–4.2 and their query options.
import {
  type AuthProviders,
  type AuthTokens,
  endpoints,
  type LoginForm,
  type Me,
  type OAuthProvider,
  type SignupForm,
} from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";

export function signin(form: LoginForm): Promise<AuthTokens> {
  return api(endpoints.auth.signin, { body: form });
}

export function signup(form: SignupForm): Promise<Me> {
  return api(endpoints.auth.signup, { body: form });
}

const NONE_CONFIGURED: AuthProviders = { kakao: false, google: false };

/** Which social providers are configured; where the endpoint is missing or fails, none is. */
export async function fetchProviders(): Promise<AuthProviders> {
  try {
    return await api(endpoints.oauth.providers);
  } catch {
    return NONE_CONFIGURED;
  }
}

export function socialCallback(provider: OAuthProvider, code: string, state: string | null): Promise<AuthTokens> {
  return api(endpoints.oauth.callback, { params: { provider }, query: { code, state } });
}

export const authQueries = {
  all: ["auth"] as const,
  providers: () =>
    queryOptions({ queryKey: [...authQueries.all, "providers"], queryFn: fetchProviders, staleTime: Infinity }),
};
