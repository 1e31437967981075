// The bell in the header (issue #21): a link to 알림 with the unread count, live from the stream or polled every 60 s.
import { useQuery } from "@tanstack/react-query";
import { Bell } from "lucide-react";
import { Link } from "react-router";
import { useAuth } from "../../../shared/lib/auth";
import { unreadCountQuery } from "../api/community-api";
import { useStreamLive } from "../hooks/use-live-notifications";
import { COMMUNITY } from "../strings";

export function NotificationBell() {
  const { isLoggedIn } = useAuth();
  const live = useStreamLive();
  const { data } = useQuery(unreadCountQuery(isLoggedIn, live));
  if (!isLoggedIn) return null;
  const count = data?.count ?? 0;
  return (
    <Link
      to="/notifications"
      aria-label={COMMUNITY.bell(count)}
      title={COMMUNITY.notificationsTitle}
      data-testid="notification-bell"
      className="relative inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-gray-800 transition-colors hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Bell aria-hidden size={22} />
      {count > 0 ? (
        <span
          aria-hidden
          data-testid="notification-badge"
          className="absolute top-1 right-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-accent px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}

/** Runs the live stream for the signed-in member (mounted once by the layout). */
export { useLiveNotifications } from "../hooks/use-live-notifications";
