// /api/notifications (issue #21): windows, unread count, read marks, stream tickets and the SSE stream.
import {
  Notification,
  NOTIFICATIONS_CAP,
  NOTIFICATIONS_PAGE,
  NotificationsRead,
  StreamQuery,
  StreamTicket,
  UnreadCount,
  WindowQuery,
} from "@moviepedia/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { readBearer } from "../../http/auth.js";
import { requireCallerId } from "../../http/caller.js";
import { ApiError } from "../../http/errors.js";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { pagedWindow } from "../../http/window.js";
import type { AuthService } from "../auth/index.js";
import type { NotificationsService } from "./service.js";
import type { StreamHub } from "./stream.js";

const tags = ["notifications"];
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

  app.get(
    "/api/notifications",
    {
      config: { auth: "required" },
      schema: { tags, querystring: WindowQuery, response: { 200: z.array(Notification), ...errors } },
    },
    async (request, reply) => {
      const window = pagedWindow(request.query, NOTIFICATIONS_PAGE, NOTIFICATIONS_CAP);
      return sendJson(reply, await notifications.listJson(requireCallerId(request), window));
    },
  );

  app.get(
    "/api/notifications/unread_count",
    { config: { auth: "required" }, schema: { tags, response: { 200: UnreadCount, ...errors } } },
    async (request) => ({ count: await notifications.unreadCount(requireCallerId(request)) }),
  );

  app.post(
    "/api/notifications/read",
    {
      config: { auth: "required" },
      schema: { tags, body: NotificationsRead, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await notifications.markRead(requireCallerId(request), request.body.ids ?? null);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/api/notifications/ticket",
    { config: { auth: "required" }, schema: { tags, response: { 201: StreamTicket, ...errors } } },
    async (request, reply) => {
      const caller = request.caller!;
      return reply.code(201).send(await notifications.createTicket(caller.userId, caller.sessionId));
    },
  );

  app.get(
    "/api/notifications/stream",
    {
      // Credentials are this route's own (bearer, else a single-use ticket), checked in onRequest so 401 comes
      // before anything else about the request.
      config: { auth: "none" },
      schema: {
        tags,
        summary: "Server-Sent Events: `notification` (id = seq) and `unread_count` events, heartbeats.",
        querystring: StreamQuery,
        response: { 200: z.string(), ...errors },
      },
      onRequest: async (request) => {
        streamCallers.set(request, await streamCaller(request, deps));
      },
    },
    async (request, reply) => {
      const userId = streamCallers.get(request) ?? (await streamCaller(request, deps));
      hub.checkCaps(userId);
      reply.hijack();
      hub.serve(userId, reply.raw, reply.getHeaders(), lastEventId(request));
    },
  );
}
