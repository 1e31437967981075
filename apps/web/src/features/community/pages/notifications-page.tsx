// /notifications (알림, issue #21): newest change first, 20 at a time; an unread item is marked read once it has been
// on screen (batched), and each item leads to what it is about.
import type { Notification } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { Link } from "react-router";
import { useInfiniteWindow } from "../../../shared/hooks";
import { useAuth } from "../../../shared/lib/auth";
import { Avatar } from "../../../shared/ui/avatar";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import {
  communityKeys,
  fetchNotificationsWindow,
  markNotificationsRead,
  NOTIFICATIONS_PAGE_SIZE,
} from "../api/community-api";
import { LoginToSee } from "../components/login-to-see";
import { notificationLink, notificationText } from "../lib/notification-link";
import { relativeTime } from "../lib/relative-time";
import { COMMUNITY } from "../strings";

/** Collects the ids of unread items seen on screen and marks them read in one request a moment later. */
function useMarkSeen() {
  const client = useQueryClient();
  const pending = useRef(new Set<number>());
  const sent = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (id: number) => {
      if (sent.current.has(id)) return;
      sent.current.add(id);
      pending.current.add(id);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const ids = [...pending.current];
        pending.current.clear();
        void markNotificationsRead(ids).then(
          () => client.invalidateQueries({ queryKey: communityKeys.unread }),
          () => ids.forEach((i) => sent.current.delete(i)),
        );
      }, 400);
    },
    [client],
  );
}

function NotificationRow({ item, onSeen }: { item: Notification; onSeen: (id: number) => void }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (item.read || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      onSeen(item.id);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        onSeen(item.id);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [item.id, item.read, onSeen]);
  const actor = item.actors[0];
  return (
    <li>
      <Link
        ref={ref}
        to={notificationLink(item)}
        data-notification-type={item.type}
        className={`flex gap-3 border-b border-gray-100 px-4 py-3.5 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
          item.read ? "" : "bg-accent/5"
        }`}
      >
        {actor ? <Avatar src={actor.profile_url} name={actor.username} size={40} decorative /> : null}
        <span className="min-w-0 flex-1">
          <span className="block text-sm text-gray-900">{notificationText(item)}</span>
          {item.target.excerpt ? (
            <span className="mt-0.5 block truncate text-sm text-gray-500">{item.target.excerpt}</span>
          ) : null}
          <span className="mt-1 block text-xs text-gray-400">
            <time dateTime={`${item.created_at}Z`}>{relativeTime(item.created_at)}</time>
            {item.read ? null : <span className="sr-only">, {COMMUNITY.unread}</span>}
          </span>
        </span>
        {item.read ? null : <span aria-hidden className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-accent" />}
      </Link>
    </li>
  );
}

export default function NotificationsPage() {
  const { isLoggedIn } = useAuth();
  const onSeen = useMarkSeen();
  const list = useInfiniteWindow<Notification>({
    queryKey: communityKeys.notifications,
    fetchWindow: (begin, end, signal) => fetchNotificationsWindow(begin, end, signal).catch(() => null),
    pageSize: NOTIFICATIONS_PAGE_SIZE,
    enabled: isLoggedIn,
  });
  return (
    <>
      <PageHeader title={COMMUNITY.notificationsTitle} />
      {!isLoggedIn ? (
        <LoginToSee />
      ) : list.isLoading ? (
        <Loading className="py-16" />
      ) : list.isError ? (
        <ErrorText className="px-4 py-16 text-center">{COMMUNITY.notificationsFailed}</ErrorText>
      ) : list.isEmpty ? (
        <EmptyState message={COMMUNITY.notificationsEmpty} />
      ) : (
        <>
          <ul>
            {list.items.map((item) => (
              <NotificationRow key={item.id} item={item} onSeen={onSeen} />
            ))}
          </ul>
          <InfiniteFooter list={list} />
        </>
      )}
    </>
  );
}
