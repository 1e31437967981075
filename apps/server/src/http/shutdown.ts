// Graceful close in two steps. `drain()` (main.ts, on SIGTERM/SIGINT) keeps serving until the server has been quiet
// for a moment: every answer from then on asks the client to drop its keep-alive connection, and requests clients
// already sent — possibly still unread in socket buffers of a busy server — arrive and are answered. Only then does
// app.close() stop listening, drop the connections left idle and wait for the requests in flight, so close() ends
// when the last of them does (not at the keep-alive timeout) and no request sent before the signal is reset.
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** Serves on until no request is running and none has started for `quietMs` (at most `maxMs`). */
    drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
  }
}

export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  let active = 0;
  let lastStart = 0;
  // The raw server sees every request, including those a hook answers early (401, 429…).
  app.server.on("request", (_request, response) => {
    active++;
    lastStart = performance.now();
    response.once("close", () => active--);
  });
  app.decorate("drain", async ({ quietMs = 250, maxMs = 5000 } = {}) => {
    closing = true;
    const started = performance.now();
    const quiet = () => active === 0 && performance.now() - Math.max(lastStart, started) >= quietMs;
    for (;;) {
      if (performance.now() - started >= maxMs) return;
      if (quiet()) {
        // A timer can fire right after the process was descheduled, before this loop iteration's poll phase has read
        // the sockets that became readable meanwhile: let it run, then look again.
        await new Promise((resolve) => setImmediate(resolve));
        if (quiet()) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("Connection", "close");
    done(null, payload);
  });
}
