// Live notifications over Server-Sent Events (GET /api/notifications/stream, issue #21). Each open stream listens
// on the bus for its member; news makes it send the changed item (`event: notification`, `id:` its seq) and the
// unread count (`event: unread_count`). A comment line every heartbeat keeps proxies from closing the connection;
// `Last-Event-ID` (or `last_event_id` in the query, for a new EventSource) replays what changed since. Bounded:
// streams per member, streams per instance, and a stream that has sent nothing but heartbeats for the idle timeout
// is closed (the client reconnects).
import type { ServerResponse } from "node:http";
import type { Notification } from "@moviepedia/contract";
import { ApiError } from "../../http/errors.js";
import type { NotificationNews } from "./bus.js";
import type { NotificationsService } from "./service.js";

export interface StreamLimits {
  perMember: number;
  max: number;
  heartbeatS: number;
  idleTimeoutS: number;
}

interface OpenStream {
  userId: number;
  close(): void;
}

/** How long a client should wait before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 5000;

export function createStreamHub(service: NotificationsService, limits: StreamLimits, log: (e: unknown) => void) {
  const open = new Set<OpenStream>();
  const perMember = new Map<number, number>();

  /** 429 before the stream opens when a cap is reached. */
  function checkCaps(userId: number): void {
    if ((perMember.get(userId) ?? 0) >= limits.perMember) {
      throw new ApiError("RATE_LIMITED", `At most ${limits.perMember} notification streams per member.`, {
        "Retry-After": "60",
      });
    }
    if (open.size >= limits.max) {
      throw new ApiError("RATE_LIMITED", "Too many notification streams on this server.", { "Retry-After": "60" });
    }
  }

  /**
   * Serves a stream on `res` (the request is hijacked) until the client leaves, the idle timeout, or close().
   * `headers` are the answer's other headers (security headers set by earlier hooks).
   */
  function serve(
    userId: number,
    res: ServerResponse,
    headers: Record<string, string | string[] | number | undefined>,
    lastEventId: number | null,
  ): void {
    checkCaps(userId);
    res.writeHead(200, {
      ...headers,
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.flushHeaders();

    let closed = false;
    // Sends run one after another, so a count computed later is never sent before an earlier one.
    let queue: Promise<void> = Promise.resolve();
    let idleTimer: NodeJS.Timeout;
    const write = (text: string) => {
      if (!closed) res.write(text);
    };
    const sendItem = (item: Notification, seq: number) =>
      write(`id: ${seq}\nevent: notification\ndata: ${JSON.stringify(item)}\n\n`);
    const sendCount = async () =>
      write(`event: unread_count\ndata: ${JSON.stringify({ count: await service.unreadCount(userId) })}\n\n`);
    const touch = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => stream.close(), limits.idleTimeoutS * 1000);
      idleTimer.unref();
    };
    const enqueue = (work: () => Promise<void>) => {
      queue = queue.then(work).catch((error: unknown) => {
        log(error);
        stream.close();
      });
    };

    const onNews = (news: NotificationNews) =>
      enqueue(async () => {
        if (closed) return;
        if (news.notificationId !== null) {
          const found = await service.one(userId, news.notificationId);
          if (found) sendItem(found.item, found.seq);
        }
        await sendCount();
        touch();
      });

    const unsubscribe = service.bus.subscribe(userId, onNews);
    const heartbeat = setInterval(() => write(`: heartbeat\n\n`), limits.heartbeatS * 1000);
    heartbeat.unref();
    const stream: OpenStream = {
      userId,
      close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(idleTimer);
        unsubscribe();
        open.delete(stream);
        const left = (perMember.get(userId) ?? 1) - 1;
        if (left > 0) perMember.set(userId, left);
        else perMember.delete(userId);
        res.end();
      },
    };
    open.add(stream);
    perMember.set(userId, (perMember.get(userId) ?? 0) + 1);
    res.on("close", () => stream.close());
    res.on("error", () => stream.close());
    touch();

    write(`retry: ${RETRY_MS}\n\n`);
    enqueue(async () => {
      if (lastEventId !== null) {
        for (const { item, seq } of await service.changedAfter(userId, lastEventId)) sendItem(item, seq);
      }
      await sendCount();
    });
  }

  return {
    checkCaps,
    serve,
    /** Open streams on this instance (all, or one member's). */
    count: (userId?: number) => (userId === undefined ? open.size : (perMember.get(userId) ?? 0)),
    /** Ends every stream (server shutdown: they would otherwise hold it open). */
    closeAll() {
      for (const stream of [...open]) stream.close();
    },
  };
}

export type StreamHub = ReturnType<typeof createStreamHub>;
