// The desktop top bar (≥ 1024 px, in place of the bottom navigation): the brand, the section links and a search box
// on the left, the account entry on the right, with a slot before it for the header's extra controls (the bell).
import { Search } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { SHELL } from "../strings";
import { type NavItem, useNavItems } from "./nav-items";

function linkClass({ isActive }: { isActive: boolean }): string {
  return `inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-[15px] font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-accent ${
    isActive ? "text-gray-900" : "text-gray-500 hover:text-gray-800"
  }`;
}

function Entry({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <li>
      <NavLink to={item.to} end={item.end} onClick={item.onClick} className={linkClass}>
        {item.place === "account" ? <Icon size={18} aria-hidden /> : null}
        {item.label}
      </NavLink>
    </li>
  );
}

function TopSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState("");
  function submit(event: FormEvent) {
    event.preventDefault();
    const query = value.trim();
    if (!query) return;
    void navigate(`/search?${new URLSearchParams({ query }).toString()}`);
    setValue("");
  }
  return (
    <form role="search" onSubmit={submit} className="relative w-72">
      <Search
        aria-hidden
        size={16}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-gray-400"
      />
      <input
        type="search"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-label={SHELL.topSearchLabel}
        placeholder={SHELL.topSearchPlaceholder}
        maxLength={100}
        className="h-10 w-full rounded-full border border-transparent bg-gray-100 pr-3 pl-9 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-300 focus:bg-white focus:outline-none"
      />
    </form>
  );
}

export function TopBar({ extra }: { extra?: ReactNode }) {
  const items = useNavItems();
  // The search page has its own box.
  const onSearchPage = useLocation().pathname === "/search";
  return (
    <header className="sticky top-0 z-40 h-16 border-b border-gray-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-[1200px] items-center gap-6 px-6">
        <Link
          to="/"
          className="shrink-0 rounded text-xl font-extrabold tracking-tight text-accent focus-visible:outline-2 focus-visible:outline-accent"
        >
          {SHELL.brand}
        </Link>
        <nav aria-label={SHELL.navLabel} className="flex min-w-0 flex-1 items-center justify-between gap-4">
          <ul className="flex items-center gap-1">
            {items
              .filter((item) => item.place === "main")
              .map((item) => (
                <Entry key={item.to} item={item} />
              ))}
          </ul>
          <div className="flex items-center gap-2">
            {onSearchPage ? null : <TopSearch />}
            {extra}
            <ul className="flex items-center">
              {items
                .filter((item) => item.place === "account")
                .map((item) => (
                  <Entry key={item.to} item={item} />
                ))}
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}
