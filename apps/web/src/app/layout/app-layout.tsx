// The page frame: a centred single column (max 640 px), the fixed bottom navigation, the login-required overlay,
// a progress bar while a lazily loaded page arrives, and focus moved to the new page's title after navigation.
import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { LoginRequiredProvider } from "../../shared/ui/login-required";
import { SHELL } from "../strings";
import { BottomNav } from "./bottom-nav";

function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={SHELL.pageLoading}
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent"
    />
  );
}

/** Screen-reader and keyboard users land on the new page's heading, as after a full page load. */
function useFocusOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target = main.current?.querySelector<HTMLElement>("h1") ?? main.current;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname, main]);
}

export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <LoginRequiredProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {SHELL.skipToContent}
      </a>
      <NavigationProgress />
      <div className="mx-auto min-h-dvh max-w-[640px] bg-white pb-[calc(3.75rem+env(safe-area-inset-bottom))] sm:border-x sm:border-gray-100">
        <main id="main" ref={main} tabIndex={-1} className="outline-none">
          <Outlet />
        </main>
      </div>
      <BottomNav />
      <ScrollRestoration />
    </LoginRequiredProvider>
  );
}
