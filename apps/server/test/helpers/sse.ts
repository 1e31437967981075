// A Server-Sent Events client for tests over a real port: collects events (and comment lines) as they arrive.
import http from "node:http";

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused request (JSON error), else "". */
  body: string;
  events: SseEvent[];
  /** Resolves with the first event (already received or next) matching `test`; rejects after `timeoutMs`. */
  waitFor(test: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(block: string): SseEvent {
  const event: SseEvent = {};
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) event.comment = line.slice(1).trim();
    const match = /^(id|event|data|retry): ?(.*)$/.exec(line);
    if (match) event[match[1] as "id" | "event" | "data" | "retry"] = match[2];
  }
  return event;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const waiters = new Set<{ test: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }>();
      let buffer = "";
      let body = "";
      const refused = response.statusCode !== 200;
      let endResolve: () => void = () => undefined;
      const ended = new Promise<void>((r) => (endResolve = r));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        if (refused) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const event = parseBlock(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.test(event)) {
              waiters.delete(waiter);
              waiter.resolve(event);
            }
          }
        }
      });
      response.on("end", () => endResolve());
      response.on("close", () => endResolve());
      const connection: SseConnection = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body;
        },
        events,
        waitFor(test, timeoutMs = 5000) {
          const found = events.find(test);
          if (found) return Promise.resolve(found);
          return new Promise((res, rej) => {
            const waiter = { test, resolve: (e: SseEvent) => (clearTimeout(timer), res(e)) };
            const timer = setTimeout(() => {
              waiters.delete(waiter);
              rej(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(waiter);
          });
        },
        ended,
        close: () => request.destroy(),
      };
      if (refused) response.on("end", () => resolve(connection));
      else resolve(connection);
    });
    request.on("error", reject);
  });
}

/** The count of an `unread_count` event. */
export const countOf = (e: SseEvent) => (JSON.parse(e.data ?? "{}") as { count: number }).count;
