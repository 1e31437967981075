// Notifications of the signed-in member (issue #21): windows newest change first, the unread count, read marks,
// single-use stream tickets, and the bus that carries news to open streams (in process, or Redis pub/sub).
import { createHash, randomBytes } from "node:crypto";
import { Notification } from "@moviepedia/contract";
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { z } from "zod";
import { answerJson, defineRegion, keepsWindow } from "../../cache/index.js";
import type { Database } from "../../db/types.js";
import { ApiError } from "../../http/errors.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import type { Window } from "../../http/window.js";
import { type Clock, fromTimestamp, toTimestamp } from "../../lib/time.js";
import { isSessionLive } from "../auth/index.js";
import { createLocalBus, createRedisBus, type NotificationBus, publishNews, registerBus } from "./bus.js";
import { ACTORS_SHOWN, toNotifications } from "./mapper.js";
import * as repo from "./repository.js";

/** A stream ticket works once, within this many seconds. */
export const TICKET_TTL_S = 60;
/** At most this many items are replayed to a stream resuming from Last-Event-ID. */
export const RESUME_MAX = 50;

export interface NotificationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  redis?: Redis;
  redisKeyPrefix?: string;
  onBusError?: (error: unknown) => void;
}

// A member's first windows, per the version of what they show (repo.inboxVersion, in the key) until an actor's name
// or picture changes: a like or a reply reaches only its recipient's kept list.
const kept = defineRegion<KeptBody>({
  name: "notifications",
  share: 0.01,
  stale: { token: "tables", tables: ["user_names"] },
  keeps: "a window (first pages) of a member's 알림 as sent, per the version of what it shows",
  sizeOf: keptBodySize,
});
const NotificationList = z.array(Notification);

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock } = deps;
  const onError = deps.onBusError ?? (() => undefined);
  const bus: NotificationBus = deps.redis
    ? createRedisBus(deps.redis, `${deps.redisKeyPrefix ?? ""}notifications`, onError)
    : createLocalBus();
  registerBus(db, bus);

  async function withActors(rows: repo.NotificationRow[]): Promise<Notification[]> {
    const actors = await repo.newestActors(
      db,
      rows.map((r) => r.id),
      ACTORS_SHOWN,
    );
    return toNotifications(rows, actors);
  }

  async function list(userId: number, window: Window): Promise<Notification[]> {
    if (window.limit === 0) return [];
    return withActors(await repo.listNotifications(db, userId, window));
  }

  /** GET /api/notifications, serialised; the first windows are kept until what they show changes. */
  async function listJson(userId: number, window: Window): Promise<KeptBody> {
    if (window.limit === 0) return KeptBody.of("[]");
    const version = await repo.inboxVersion(db, userId);
    const build = async () => KeptBody.of(answerJson(NotificationList, await list(userId, window)));
    return kept.get(db, `${userId}:${version}:${window.offset}:${window.limit}`, build, { keep: keepsWindow(window) });
  }

  /** One item of the member's, or null when it is gone (or hidden). */
  async function one(userId: number, id: number): Promise<{ item: Notification; seq: number } | null> {
    const row = await repo.findNotification(db, userId, id);
    if (!row) return null;
    const [item] = await withActors([row]);
    return item ? { item, seq: Number(row.seq) } : null;
  }

  /** Items changed after `seq`, oldest change first, with their seq (the SSE event id). */
  async function changedAfter(userId: number, seq: number): Promise<Array<{ item: Notification; seq: number }>> {
    const rows = await repo.notificationsAfter(db, userId, seq, RESUME_MAX);
    const items = await withActors(rows);
    return items.map((item, i) => ({ item, seq: Number(rows[i]!.seq) }));
  }

  const unreadCount = (userId: number) => repo.unreadCount(db, userId);

  async function markRead(userId: number, ids: readonly number[] | null): Promise<void> {
    // Ids above 2³¹−1 can be no item's; they are dropped rather than sent to an integer column.
    const known = ids === null ? null : [...new Set(ids.filter((id) => id <= 2_147_483_647))];
    if ((await repo.markRead(db, userId, known)) > 0) publishNews(db, { userId, notificationId: null });
  }

  async function createTicket(userId: number, sessionId: string): Promise<{ ticket: string; expires_in: number }> {
    const ticket = randomBytes(32).toString("base64url");
    const expiresAt = toTimestamp(new Date(clock.now().getTime() + TICKET_TTL_S * 1000));
    await repo.insertTicket(db, {
      hash: hashTicket(ticket),
      user_id: userId,
      session_id: sessionId,
      expires_at: expiresAt,
    });
    return { ticket, expires_in: TICKET_TTL_S };
  }

  /** The member of a ticket, which is used up; 401 INVALID_TOKEN when unknown, used, expired or its session ended. */
  async function redeemTicket(ticket: string): Promise<number> {
    const row = ticket.length > 200 ? undefined : await repo.takeTicket(db, hashTicket(ticket));
    if (
      !row ||
      fromTimestamp(row.expires_at) <= clock.now() ||
      !(await isSessionLive(db, row.session_id, row.user_id))
    ) {
      throw new ApiError("INVALID_TOKEN", "The stream ticket is invalid, used or expired.");
    }
    return row.user_id;
  }

  return { bus, list, listJson, one, changedAfter, unreadCount, markRead, createTicket, redeemTicket };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
