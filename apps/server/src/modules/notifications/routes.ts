// /api/notifications (issue #21): windows, unread count, read marks, stream tickets and the SSE stream.
import { endpoints, NOTIFICATIONS_CAP, NOTIFICATIONS_PAGE } from "@moviepedia/contract";
import type { FastifyRequest } from "fastify";
import { readBearer } from "../../http/auth.js";
import { requireCallerId } from "../../http/caller.js";
import { ApiError } from "../../http/errors.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { pagedWindow } from "../../http/window.js";
import type { AuthService } from "../auth/index.js";
import type { NotificationsService } from "./service.js";
import type { StreamHub } from "./stream.js";

/** The member of a stream request, found by its onRequest hook. */
const streamCallers = new WeakMap<object, number>();

export interface NotificationRouteDeps {
  notifications: NotificationsService;
  hub: StreamHub;
  auth: AuthService;
}

/** A bearer in the header, else a ticket in the query (EventSource cannot send headers); else 401. */
async function streamCaller(request: FastifyRequest, deps: NotificationRouteDeps): Promise<number> {
  const token = readBearer(request);
  if (token) return (await deps.auth.verifyBearer(token)).userId;
  const ticket = (request.query as { ticket?: unknown }).ticket;
  if (typeof ticket === "string" && ticket !== "") return deps.notifications.redeemTicket(ticket);
  throw new ApiError("AUTH_REQUIRED", "Authentication is required.");
}

/** Last-Event-ID (header, or `last_event_id` for a new EventSource): a seq, or null when absent or not one. */
function lastEventId(request: FastifyRequest): number | null {
  const header = request.headers["last-event-id"];
  const raw =
    typeof header === "string" && header !== "" ? header : (request.query as { last_event_id?: unknown }).last_event_id;
  return typeof raw === "string" && /^[0-9]{1,15}$/.test(raw) ? Number(raw) : null;
}

export function notificationRoutes(app: App, deps: NotificationRouteDeps): void {
  const { notifications, hub } = deps;
  const table = endpoints.notifications;

  route(app, table.list, async (request, reply) => {
    const window = pagedWindow(request.query, NOTIFICATIONS_PAGE, NOTIFICATIONS_CAP);
    return sendJson(reply, await notifications.listJson(requireCallerId(request), window));
  });

  route(app, table.unreadCount, async (request) => ({
    count: await notifications.unreadCount(requireCallerId(request)),
  }));

  route(app, table.markRead, async (request, reply) => {
    await notifications.markRead(requireCallerId(request), request.body.ids ?? null);
    return reply.code(204).send(null);
  });

  route(app, table.ticket, async (request, reply) => {
    const caller = request.caller!;
    return reply.code(201).send(await notifications.createTicket(caller.userId, caller.sessionId));
  });

  route(
    app,
    table.stream,
    async (request, reply) => {
      const userId = streamCallers.get(request) ?? (await streamCaller(request, deps));
      hub.checkCaps(userId);
      reply.hijack();
      hub.serve(userId, reply.raw, reply.getHeaders(), lastEventId(request));
    },
    {
      // Credentials are this route's own (bearer, else a single-use ticket), checked in onRequest so 401 comes
      // before anything else about the request.
      onRequest: async (request) => {
        streamCallers.set(request, await streamCaller(request, deps));
      },
    },
  );
}
