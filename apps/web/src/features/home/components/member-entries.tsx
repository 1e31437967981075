// Home's entries to the member-only pages (SPEC §2): visitors get the login-required overlay instead.
import { ChartColumnBig, ChevronRight, Sparkles } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { HOME } from "../strings";

function Entry({ to, icon, title, body }: { to: string; icon: ReactNode; title: string; body: string }) {
  const requireLogin = useRequireLogin();
  function onClick(event: MouseEvent) {
    if (!requireLogin()) event.preventDefault();
  }
  return (
    <li>
      <Link
        to={to}
        onClick={onClick}
        className="flex items-center gap-3 rounded-xl border border-gray-200 p-4 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent/10 text-accent">
          {icon}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold text-gray-900">{title}</span>
          <span className="block truncate text-sm text-gray-500">{body}</span>
        </span>
        <ChevronRight aria-hidden size={18} className="text-gray-300" />
      </Link>
    </li>
  );
}

export function MemberEntries() {
  return (
    <section aria-labelledby="home-member-section" className="px-4 py-4">
      <h2 id="home-member-section" className="sr-only">
        {HOME.memberSection}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        <Entry
          to="/analysis"
          icon={<ChartColumnBig aria-hidden size={20} />}
          title={HOME.analysisTitle}
          body={HOME.analysisBody}
        />
        <Entry
          to="/recommend"
          icon={<Sparkles aria-hidden size={20} />}
          title={HOME.recommendTitle}
          body={HOME.recommendBody}
        />
      </ul>
    </section>
  );
}
