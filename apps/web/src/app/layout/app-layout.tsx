// The page frame: on phones a centred single column (max 640 px) with the fixed bottom navigation; from 1024 px the
// top bar and a wider column (1200 px for pages whose route says `handle: { wide: true }`, 760 px for the others);
// the login-required overlay, a progress bar while a lazily loaded page arrives, and focus moved to the new page's
// title after navigation.
import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from "react-router";
import { NotificationBell, useLiveNotifications } from "../../features/community";
import { useIsDesktop } from "../../shared/hooks";
import { useAuth } from "../../shared/lib/auth";
import { HeaderExtraProvider } from "../../shared/ui/header-extra";
import { LoginRequiredProvider } from "../../shared/ui/login-required";
import { Toaster } from "../../shared/ui/toast";
import { SHELL } from "../strings";
import { BottomNav } from "./bottom-nav";
import { TopBar } from "./top-bar";

/** Route `handle` of the frame: `wide` pages (home, charts, a movie, search…) use the full desktop width. */
export interface LayoutHandle {
  wide?: boolean;
}

function useWidePage(): boolean {
  return useMatches().some((match) => (match.handle as LayoutHandle | undefined)?.wide === true);
}

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
  const desktop = useIsDesktop();
  const wide = useWidePage();
  const { isLoggedIn, userId } = useAuth();
  useLiveNotifications(isLoggedIn ? userId : null);
  const bell = isLoggedIn ? <NotificationBell /> : null;
  const column = desktop
    ? `${wide ? "max-w-[1200px]" : "max-w-[760px]"} pb-16`
    : "max-w-[640px] pb-[calc(3.75rem+env(safe-area-inset-bottom))] sm:border-x sm:border-gray-100";
  return (
    <LoginRequiredProvider>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {SHELL.skipToContent}
      </a>
      <NavigationProgress />
      {desktop ? <TopBar extra={bell} /> : null}
      <div
        className={`mx-auto min-h-dvh bg-white ${column}`}
        data-layout={desktop ? (wide ? "wide" : "narrow") : "phone"}
      >
        <main id="main" ref={main} tabIndex={-1} className="outline-none">
          {/* On phones each page's header carries the bell; on desktop the top bar does. */}
          <HeaderExtraProvider value={desktop ? null : bell}>
            <Outlet />
          </HeaderExtraProvider>
        </main>
      </div>
      {desktop ? null : <BottomNav />}
      <Toaster />
      <ScrollRestoration />
    </LoginRequiredProvider>
  );
}
