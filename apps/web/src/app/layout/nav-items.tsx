// The main navigation's entries, one list for both the phone's bottom bar and the desktop top bar: 홈, 검색, then
// 로그인 for visitors (remembering where they were) or 마이페이지 for a member whose id is known. A new entry added
// here appears in both.
import { Home, LogIn, type LucideIcon, Newspaper, Search, UserRound } from "lucide-react";
import { useLocation } from "react-router";
import { rememberReturnPath, useAuth } from "../../shared/lib/auth";
import { SHELL } from "../strings";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on this exact path (home). */
  end?: boolean;
  onClick?: () => void;
  /** Where the top bar puts it: the section links, or the account corner on the right. */
  place: "main" | "account";
}

export function useNavItems(): NavItem[] {
  const { isLoggedIn, userId } = useAuth();
  const location = useLocation();
  const items: NavItem[] = [
    { to: "/", label: SHELL.home, icon: Home, end: true, place: "main" },
    { to: "/search", label: SHELL.search, icon: Search, place: "main" },
  ];
  if (!isLoggedIn) {
    items.push({
      to: "/login",
      label: SHELL.login,
      icon: LogIn,
      place: "account",
      onClick: () => rememberReturnPath(`${location.pathname}${location.search}`),
    });
  } else if (userId !== null) {
    items.push({ to: "/feed", label: SHELL.feed, icon: Newspaper, place: "main" });
    items.push({ to: `/profile/${userId}`, label: SHELL.myPage, icon: UserRound, place: "account" });
  }
  return items;
}
