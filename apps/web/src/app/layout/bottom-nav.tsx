// SPEC §2 bottom navigation: 홈, 검색, then 로그인 for visitors (remembering where they were) or 마이페이지 for a
// member whose id is known.
import { Home, LogIn, Search, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { rememberReturnPath, useAuth } from "../../shared/lib/auth";
import { SHELL } from "../strings";

function itemClass({ isActive }: { isActive: boolean }): string {
  return `flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
    isActive ? "text-gray-900" : "text-gray-500 hover:text-gray-600"
  }`;
}

function Item({
  to,
  icon,
  label,
  end,
  onClick,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  end?: boolean;
  onClick?: () => void;
}) {
  return (
    <li className="h-full flex-1">
      <NavLink to={to} end={end} className={itemClass} onClick={onClick}>
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );
}

export function BottomNav() {
  const { isLoggedIn, userId } = useAuth();
  const location = useLocation();
  const iconProps = { size: 22, "aria-hidden": true } as const;
  return (
    <nav
      aria-label={SHELL.navLabel}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex h-15 max-w-[640px]">
        <Item to="/" end icon={<Home {...iconProps} />} label={SHELL.home} />
        <Item to="/search" icon={<Search {...iconProps} />} label={SHELL.search} />
        {!isLoggedIn ? (
          <Item
            to="/login"
            icon={<LogIn {...iconProps} />}
            label={SHELL.login}
            onClick={() => rememberReturnPath(`${location.pathname}${location.search}`)}
          />
        ) : userId !== null ? (
          <Item to={`/profile/${userId}`} icon={<UserRound {...iconProps} />} label={SHELL.myPage} />
        ) : null}
      </ul>
    </nav>
  );
}
