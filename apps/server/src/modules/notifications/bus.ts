// Fan-out of "member N has news" to the streams that member holds open, on this instance or, through Redis pub/sub
// when REDIS_URL is set, on every instance. Writes publish after their transaction commits (lib/transaction.ts
// afterCommit), so a stream never hears of a rolled-back action, and the action never waits for the fan-out.
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

export interface NotificationNews {
  /** The recipient. */
  userId: number;
  /** The notification created or grown; null when only the unread count may have changed (read, unlike, delete). */
  notificationId: number | null;
}

export type NewsListener = (news: NotificationNews) => void;

export interface NotificationBus {
  publish(news: NotificationNews): void;
  /** Calls `listener` with every piece of news for `userId`; returns the unsubscribe function. */
  subscribe(userId: number, listener: NewsListener): () => void;
  close(): Promise<void>;
}

/** Listeners of this instance by member. */
class LocalListeners {
  private readonly byUser = new Map<number, Set<NewsListener>>();

  add(userId: number, listener: NewsListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  deliver(news: NotificationNews): void {
    const set = this.byUser.get(news.userId);
    if (!set) return;
    for (const listener of [...set]) listener(news);
  }
}

/** One process: news goes straight to this instance's streams (on the next turn, never inside the commit). */
export function createLocalBus(): NotificationBus {
  const listeners = new LocalListeners();
  return {
    publish: (news) => setImmediate(() => listeners.deliver(news)),
    subscribe: (userId, listener) => listeners.add(userId, listener),
    close: async () => undefined,
  };
}

/**
 * Several instances: every instance subscribes to one channel on its own connection (a subscribed Redis connection
 * can do nothing else) and delivers what arrives to its own streams; publishing goes through the shared client.
 */
export function createRedisBus(redis: Redis, channel: string, onError: (error: unknown) => void): NotificationBus {
  const listeners = new LocalListeners();
  const subscriber = redis.duplicate();
  subscriber.on("error", onError);
  subscriber.on("message", (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const { u, n } = JSON.parse(message) as { u: number; n: number | null };
      if (Number.isSafeInteger(u)) listeners.deliver({ userId: u, notificationId: n ?? null });
    } catch (error) {
      onError(error);
    }
  });
  const subscribed = subscriber.subscribe(channel).catch(onError);
  return {
    publish: (news) => {
      redis.publish(channel, JSON.stringify({ u: news.userId, n: news.notificationId })).catch(onError);
    },
    subscribe: (userId, listener) => listeners.add(userId, listener),
    async close() {
      await subscribed;
      await subscriber.quit().catch(() => undefined);
    },
  };
}

/** The bus of each database handle: write paths, which know only their transaction's database, publish through it. */
const buses = new WeakMap<object, NotificationBus>();

export function registerBus(db: Kysely<Database>, bus: NotificationBus): void {
  buses.set(db, bus);
}

export function publishNews(db: Kysely<Database>, news: NotificationNews): void {
  buses.get(db)?.publish(news);
}
