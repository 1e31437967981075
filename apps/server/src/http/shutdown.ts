// Graceful close: once app.close() starts, every response still being written asks the client to drop its
// keep-alive connection, so close() ends when the last request in flight does (not at the keep-alive timeout).
import type { FastifyInstance } from "fastify";

export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("Connection", "close");
    return payload;
  });
}
