// Notification rows → the wire `Notification` (issue #21): the newest three actors, what the item points at.
import type { Notification, NotificationTarget, NotificationType } from "@moviepedia/contract";
import { avatarUrl } from "../users/index.js";
import type { ActorRow, NotificationRow } from "./repository.js";

export const ACTORS_SHOWN = 3;
const EXCERPT_MAX = 80;

function excerpt(text: string | null | undefined): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length > EXCERPT_MAX ? `${chars.slice(0, EXCERPT_MAX - 1).join("")}…` : flat;
}

function targetOf(row: NotificationRow): NotificationTarget {
  const base = { movie_id: row.movie_id, collection_id: row.collection_id, review_id: row.review_id };
  switch (row.type as NotificationType) {
    case "follow":
      return { kind: "user", id: row.target_id, movie_id: null, collection_id: null, review_id: null, excerpt: null };
    case "review_like":
      return { kind: "review", id: row.target_id, ...base, excerpt: excerpt(row.review_content) ?? row.movie_title };
    case "reply":
    case "reply_like":
      return { kind: "reply", id: row.target_id, ...base, excerpt: excerpt(row.reply_content) };
    case "collection_like":
      return { kind: "collection", id: row.target_id, ...base, excerpt: excerpt(row.collection_title) };
    case "collection_comment":
    case "collection_comment_like":
      return { kind: "collection_comment", id: row.target_id, ...base, excerpt: excerpt(row.comment_content) };
  }
}

export function toNotifications(rows: readonly NotificationRow[], actors: readonly ActorRow[]): Notification[] {
  const byItem = new Map<number, ActorRow[]>();
  for (const actor of actors) {
    const list = byItem.get(actor.notification_id);
    if (list) list.push(actor);
    else byItem.set(actor.notification_id, [actor]);
  }
  return rows.map((row) => ({
    id: row.id,
    type: row.type as NotificationType,
    actors: (byItem.get(row.id) ?? [])
      .slice(0, ACTORS_SHOWN)
      .map((a) => ({ id: a.id, username: a.username, profile_url: avatarUrl(a) })),
    actor_count: row.actor_count,
    target: targetOf(row),
    created_at: row.updated_at,
    read: row.read === 1,
  }));
}
