// The guard every member-only action goes through, and the one login-required overlay of the app. The overlay
// (with Radix) loads on first use, keeping it out of the first-load bundle.
import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { authStore } from "../lib/auth";

const LoginRequiredOverlay = lazy(() =>
  import("./login-required-overlay").then((module) => ({ default: module.LoginRequiredOverlay })),
);

const OpenOverlay = createContext<(() => void) | null>(null);

/** Renders the one overlay of the app; place inside the router (it navigates). */
export function LoginRequiredProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  return (
    <OpenOverlay.Provider value={show}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <LoginRequiredOverlay open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </OpenOverlay.Provider>
  );
}

/**
 * A guard for member-only actions: `requireLogin(action)` runs `action` and returns true for a logged-in member;
 * for a visitor it opens the login-required overlay and returns false.
 */
export function useRequireLogin(): (action?: () => void) => boolean {
  const show = useContext(OpenOverlay);
  if (!show) throw new Error("useRequireLogin needs a LoginRequiredProvider above it");
  return useMemo(
    () => (action?: () => void) => {
      if (authStore.getState().isLoggedIn) {
        action?.();
        return true;
      }
      show();
      return false;
    },
    [show],
  );
}
