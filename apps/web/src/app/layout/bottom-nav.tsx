// SPEC §2 bottom navigation (phones and tablets; desktop has the top bar): the entries of nav-items.tsx.
import { NavLink } from "react-router";
import { SHELL } from "../strings";
import { useNavItems } from "./nav-items";

function itemClass({ isActive }: { isActive: boolean }): string {
  return `flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
    isActive ? "text-gray-900" : "text-gray-500 hover:text-gray-600"
  }`;
}

export function BottomNav() {
  const items = useNavItems();
  return (
    <nav
      aria-label={SHELL.navLabel}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex h-15 max-w-[640px]">
        {items.map(({ to, label, icon: Icon, end, onClick }) => (
          <li key={to} className="h-full flex-1">
            <NavLink to={to} end={end} className={itemClass} onClick={onClick}>
              <Icon size={22} aria-hidden />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
