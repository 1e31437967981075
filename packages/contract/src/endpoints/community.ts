// The feed and notifications (issue #21, API.md §4.15–4.16).
import { z } from "zod";
import { WindowQuery } from "../common.js";
import {
  FeedItem,
  FeedQuery,
  Notification,
  NotificationsRead,
  StreamQuery,
  StreamTicket,
  UnreadCount,
} from "../community.js";
import { endpoint } from "../endpoint.js";

const tag = "notifications";

export const feedEndpoints = {
  feed: endpoint({
    method: "GET",
    path: "/api/feed",
    auth: "required",
    tag: "feed",
    query: FeedQuery,
    responses: { 200: z.array(FeedItem) },
  }),
};

export const notificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/notifications",
    auth: "required",
    tag,
    query: WindowQuery,
    responses: { 200: z.array(Notification) },
  }),
  unreadCount: endpoint({
    method: "GET",
    path: "/api/notifications/unread_count",
    auth: "required",
    tag,
    responses: { 200: UnreadCount },
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/notifications/read",
    auth: "required",
    tag,
    body: NotificationsRead,
    responses: { 204: z.null() },
  }),
  ticket: endpoint({
    method: "POST",
    path: "/api/notifications/ticket",
    auth: "required",
    tag,
    responses: { 201: StreamTicket },
  }),
  /** Its credentials are its own (a bearer, else a single-use ticket in the query): the route checks them. */
  stream: endpoint({
    method: "GET",
    path: "/api/notifications/stream",
    auth: "none",
    tag,
    summary: "Server-Sent Events: `notification` (id = seq) and `unread_count` events, heartbeats.",
    query: StreamQuery,
    responses: { 200: z.string() },
  }),
};
