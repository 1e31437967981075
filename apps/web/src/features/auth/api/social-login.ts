// Completes a social login on /oauth/{provider}: exchanges the code through the server, then starts the session.
import { LOG, type OAuthProvider } from "@moviepedia/contract";
import { authStore } from "../../../shared/lib/auth";
import { socialCallback } from "./auth-api";

// A code can be exchanged once; React may run the page's effect twice, so both runs share one attempt.
const attempts = new Map<string, Promise<boolean>>();

async function attempt(provider: OAuthProvider, code: string, state: string | null): Promise<boolean> {
  try {
    const tokens = await socialCallback(provider, code, state);
    await authStore.completeLogin(tokens);
    return authStore.getState().isLoggedIn;
  } catch (error) {
    console.error(LOG.socialLogin, error);
    return false;
  }
}

export function completeSocialLogin(
  provider: OAuthProvider,
  code: string | null,
  state: string | null,
): Promise<boolean> {
  if (!code) {
    console.error(LOG.socialLogin, "no code in the callback");
    return Promise.resolve(false);
  }
  const key = `${provider}:${code}`;
  let pending = attempts.get(key);
  if (!pending) {
    pending = attempt(provider, code, state);
    attempts.set(key, pending);
  }
  return pending;
}
