// Serialised answers kept while what they were built from is unchanged. The caller reads a cheap stamp with every
// request (version tokens and counters read in the same query as the rows) and gets the stored JSON while the stamp
// matches; otherwise the answer is built, encoded through its response schema (so no undocumented field can leak,
// exactly as the route serializer would) and stored under the new stamp.
import { z } from "zod";
import { LruCache } from "./lru.js";

export class JsonMemo<K> {
  private readonly entries: LruCache<K, { stamp: string; json: string }>;

  constructor(capacity: number) {
    this.entries = new LruCache(capacity);
  }

  /** `stamp` null: nothing to key on (e.g. no version token), so the answer is built and not kept. */
  async get<T>(key: K, stamp: string | null, schema: z.ZodType<T>, build: () => Promise<T>): Promise<string> {
    const hit = stamp === null ? undefined : this.entries.get(key);
    if (hit && hit.stamp === stamp) return hit.json;
    const json = JSON.stringify(z.encode(schema, await build()));
    if (stamp !== null) this.entries.set(key, { stamp, json });
    return json;
  }
}
