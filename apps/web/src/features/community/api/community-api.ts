// Requests of the feed and notifications (issue #21) and their query keys.
import { endpoints, type FeedItem, type Notification, type StreamTicket } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../shared/lib/api";

export const FEED_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Without a live stream the badge asks every minute. */
export const UNREAD_POLL_MS = 60_000;

export const communityKeys = {
  unread: ["notifications", "unread"] as const,
  notifications: ["notifications", "list"] as const,
  feed: ["feed"] as const,
  feedPreview: ["feed", "preview"] as const,
};

export interface FeedCursor {
  before: string;
  before_id: string;
}

export function fetchFeedWindow(cursor: FeedCursor | null, size: number, signal?: AbortSignal): Promise<FeedItem[]> {
  return api(endpoints.feed.feed, { query: { begin: 0, end: size, ...(cursor ?? {}) }, signal });
}

export function fetchNotificationsWindow(begin: number, end: number, signal: AbortSignal): Promise<Notification[]> {
  return api(endpoints.notifications.list, { query: { begin, end }, signal });
}

export const unreadCountQuery = (enabled: boolean, live: boolean) =>
  queryOptions({
    queryKey: communityKeys.unread,
    queryFn: ({ signal }) => api(endpoints.notifications.unreadCount, { signal }),
    enabled,
    refetchInterval: live ? false : UNREAD_POLL_MS,
    staleTime: 30_000,
  });

export function markNotificationsRead(ids: number[] | null): Promise<void> {
  return api(endpoints.notifications.markRead, { body: ids ? { ids } : {} });
}

export function fetchStreamTicket(): Promise<StreamTicket> {
  return api(endpoints.notifications.ticket);
}
