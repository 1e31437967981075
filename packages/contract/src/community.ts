// The community endpoints of issue #21 (API.md §4.14 [EXT]): the feed of followed members and notifications.
import { z } from "zod";
import { Int, Timestamp } from "./common.js";
import { Collection } from "./collections.js";
import { CompactMovie } from "./compact-movie.js";
import { bodyId } from "./fields.js";
import { Review } from "./reviews.js";
import { FollowUser } from "./users.js";

/** Feed windows: 20 items unless `end` says otherwise, at most 100 per answer. */
export const FEED_PAGE = 20;
export const FEED_CAP = 100;
export const NOTIFICATIONS_PAGE = 20;
export const NOTIFICATIONS_CAP = 100;
/** At most this many ids in one POST /api/notifications/read. */
const NOTIFICATIONS_READ_IDS_MAX = 1000;

const FEED_ITEM_TYPES = ["rating", "review", "want", "collection", "collection_add"] as const;

export const FeedItem = z.object({
  /** Stable across windows: `rating:{user}:{hour}`, `review:{id}`, `want:{id}`, `collection:{id}`, `collection_add:{id}:{hour}`. */
  id: z.string(),
  type: z.enum(FEED_ITEM_TYPES),
  user: FollowUser,
  created_at: Timestamp,
  movies: z.array(CompactMovie),
  review: Review.nullable(),
  collection: Collection.nullable(),
  /** Ratings in a collapsed item, films added, or the films of a new collection; 1 otherwise. */
  count: Int,
});
export type FeedItem = z.infer<typeof FeedItem>;

/** begin/end windows after the keyset `before` + `before_id` (the last item already shown). */
export const FeedQuery = z.object({
  begin: z.string().optional(),
  end: z.string().optional(),
  before: z.string().optional(),
  before_id: z.string().optional(),
});

const NOTIFICATION_TYPES = [
  "follow",
  "review_like",
  "reply",
  "reply_like",
  "collection_like",
  "collection_comment",
  "collection_comment_like",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const NOTIFICATION_TARGET_KINDS = ["user", "review", "reply", "collection", "collection_comment"] as const;

export const NotificationTarget = z.object({
  kind: z.enum(NOTIFICATION_TARGET_KINDS),
  id: Int,
  movie_id: Int.nullable(),
  collection_id: Int.nullable(),
  /** The review a reply belongs to (links go to /comments/{movie_id}/{review_id}) [EXT]. */
  review_id: Int.nullable(),
  excerpt: z.string().nullable(),
});
export type NotificationTarget = z.infer<typeof NotificationTarget>;

export const Notification = z.object({
  id: Int,
  type: z.enum(NOTIFICATION_TYPES),
  /** The most recent actors first, at most 3; `actor_count` counts them all. */
  actors: z.array(FollowUser),
  actor_count: Int,
  target: NotificationTarget,
  /** The latest activity in the item. */
  created_at: Timestamp,
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const UnreadCount = z.object({ count: Int });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationsRead = z.object({
  ids: z.array(bodyId).max(NOTIFICATIONS_READ_IDS_MAX).nullable().optional(),
});
export type NotificationsRead = z.infer<typeof NotificationsRead>;

export const StreamTicket = z.object({ ticket: z.string(), expires_in: Int });
export type StreamTicket = z.infer<typeof StreamTicket>;

export const StreamQuery = z.object({
  ticket: z.string().optional(),
  last_event_id: z.string().optional(),
});
