// The live side of the badge (issue #21): one EventSource per tab on a single-use ticket, pushing the unread count
// into the query cache and refreshing the notification list when an item arrives. When the stream fails (the server
// refused it, a proxy dropped it, the idle timeout ended it) it reconnects with a new ticket and Last-Event-ID, backing
// off up to a minute; meanwhile `live` is false and the unread count is polled every 60 s instead.
import type { UnreadCount } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { endpoints } from "@moviepedia/contract";
import { withQuery } from "../../../shared/lib/api";
import { communityKeys, fetchStreamTicket } from "../api/community-api";

let live = false;
const listeners = new Set<() => void>();
function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const listener of listeners) listener();
}

/** Whether this tab's stream is open (the badge polls while it is not). */
export function useStreamLive(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => live,
    () => false,
  );
}

const MAX_BACKOFF_MS = 60_000;

export function useLiveNotifications(userId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null || typeof EventSource === "undefined") return;
    let stopped = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastEventId: string | null = null;

    const retry = () => {
      setLive(false);
      if (stopped) return;
      failures++;
      timer = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 6)));
    };

    async function connect() {
      try {
        const { ticket } = await fetchStreamTicket();
        if (stopped) return;
        source = new EventSource(
          withQuery(endpoints.notifications.stream.path, { ticket, last_event_id: lastEventId }),
        );
        source.addEventListener("open", () => {
          failures = 0;
          setLive(true);
        });
        source.addEventListener("unread_count", (event) => {
          client.setQueryData<UnreadCount>(communityKeys.unread, JSON.parse((event as MessageEvent<string>).data));
        });
        source.addEventListener("notification", (event) => {
          lastEventId = (event as MessageEvent<string>).lastEventId || lastEventId;
          void client.invalidateQueries({ queryKey: communityKeys.notifications });
        });
        // A ticket works once, so the browser's own reconnect cannot succeed: close and start over.
        source.onerror = () => {
          source?.close();
          source = null;
          retry();
        };
      } catch {
        retry();
      }
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      setLive(false);
    };
  }, [client, userId]);
}
