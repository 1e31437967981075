// The read cache: every answer the server keeps in memory goes through here (docs/architecture.md, "The read cache").
//
// One byte budget (CACHE_MAX_MB, config.ts) is split among named regions. A region is declared once, at module level
// where its answers are built, with its share of the budget, its staleness rule and what it keeps:
//
//   const windows = defineRegion<Buffer>({ name: "review-windows", share: 0.2, stale: { token: "database" }, ... });
//   const json = await windows.get(db, key, () => build());
//
// Each entry is stored with the token it was built under (read BEFORE the build), and a read under any other token
// is a miss: an entry built under an older token is never served. Concurrent misses of one key under one token
// share one build. Values are what the route sends (a JSON string or its UTF-8 bytes) or declare their size, so the
// budget is in bytes (lru-cache's `maxSize` with `sizeCalculation`), never in entries.
import { LRUCache } from "lru-cache";
import type { Kysely } from "kysely";
import { z } from "zod";
import { databaseVersion, freeDatabaseVersion, freeTableVersions, type VersionedTable } from "../db/data-version.js";
import type { Database } from "../db/types.js";
import { metrics } from "../lib/metrics.js";

/**
 * When an entry is stale. `database`: the database version token (db/data-version.ts; on PostgreSQL a round trip
 * per read) — any committed write, on any instance. `database-free`: the same token only where reading it costs
 * nothing (SQLite); elsewhere the value is built and not kept. `tables`: a change to one of the tables the answer
 * reads (SQLite's trigger-kept table versions, migration 0017); on PostgreSQL the database version, as `database`.
 * The caller-token rules pass a token with each read, read in the same query as (or before) the rows: `member`
 * (users.data_version), `model` (the served recommender model, with its inputs), `catalog` (the trigger-kept
 * catalog version with the rows' counters). `maxAgeS` adds a time limit (the clock passed with the token); `time` is
 * a time limit alone; `content`: the key is what the value was built from (a signed token, a hash of its inputs), so
 * an entry never goes stale.
 */
export type Staleness =
  | { token: "database" | "database-free" }
  | { token: "tables"; tables: readonly VersionedTable[] }
  | { token: "member" | "model" | "catalog"; maxAgeS?: number }
  | { token: "time"; maxAgeS: number }
  | { token: "content" };

type DatabaseRule = Extract<Staleness, { token: "database" | "database-free" | "tables" }>;
type CallerRule = Exclude<Staleness, DatabaseRule>;

/** What a caller-token region's read passes: the token (null: nothing to key on, build and do not keep) and now. */
export interface Freshness {
  token: string | number | null;
  /** Milliseconds (the injectable clock's now): needed by rules with `maxAgeS`. */
  now?: number;
}

export interface RegionSpec<V> {
  /** Unique; the `region` label of the metrics. */
  name: string;
  /** Fraction of CACHE_MAX_MB this region may hold (all regions together: at most 1). */
  share: number;
  stale: Staleness;
  /** One line for the docs: what an entry is. */
  keeps: string;
  /** Bytes a value holds; strings and Buffers are measured exactly and need none. */
  sizeOf?: (value: V) => number;
}

/** An answer as the route sends it: encoded through its response schema (no undocumented field can leak). */
export function answerJson<T>(schema: z.ZodType<T>, value: T): string {
  return JSON.stringify(z.encode(schema, value));
}

/**
 * Windows ending beyond this many rows are built and sent but not kept, except a list read from its start: only the
 * first pages are read again and again, so cold windows (a crawler's, or a hostile pattern's) cannot churn a region.
 */
export const KEPT_WINDOW_END = 200;

/** Whether a `begin`/`limit` window is worth keeping (see KEPT_WINDOW_END). */
export function keepsWindow(window: { offset: number; limit: number }): boolean {
  return window.offset === 0 || window.offset + window.limit <= KEPT_WINDOW_END;
}

/** What each entry costs besides its value: the key, the token and lru-cache's bookkeeping. */
const ENTRY_OVERHEAD = 96;
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

interface Entry<V> {
  token: string;
  at: number;
  value: V;
}

/** Each database handle's number: entries of different databases (tests run several apps) never meet. */
const handleIds = new WeakMap<object, number>();
let nextHandleId = 1;
function handleId(db: object): number {
  let id = handleIds.get(db);
  if (id === undefined) {
    id = nextHandleId++;
    handleIds.set(db, id);
  }
  return id;
}

/**
 * Tests: every hit of a `tables` region is built again and compared with the kept value; a difference throws (the
 * region reads a table its rule does not name). Off in production, where it would undo what the cache saves.
 */
let verifying = false;
export function verifyReadCache(on: boolean): void {
  verifying = on;
}

/** A value as compared by verifyReadCache: strings and bytes as they are, other values as JSON (sets as arrays). */
function comparable(value: unknown): string {
  if (typeof value === "string") return value;
  if (Buffer.isBuffer(value)) return value.toString("latin1");
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Set ? [...(v as Set<unknown>)] : v instanceof Map ? [...(v as Map<unknown, unknown>)] : v,
  );
}

export function byteSize(value: unknown): number {
  if (typeof value === "string") return value.length * 2; // V8 holds at most two bytes per UTF-16 unit
  if (Buffer.isBuffer(value)) return value.byteLength;
  throw new Error("read cache: a region whose values are not strings or Buffers must declare sizeOf");
}

export interface RegionStats {
  name: string;
  share: number;
  maxBytes: number;
  hits: number;
  misses: number;
  bytes: number;
  entries: number;
}

export interface KeepOptions {
  /** false: build (sharing a concurrent build) but do not keep, e.g. a window beyond the first pages. */
  keep?: boolean;
}

/** The database version as the cache read it (`readDatabaseToken`): one request may use it for several regions. */
export interface DatabaseToken {
  readonly value: string | null;
  readonly free: boolean;
  readonly brand: "DatabaseToken";
}

/** Reads the database version once (a round trip on PostgreSQL) for several reads of `database` regions. */
export async function readDatabaseToken(db: Kysely<Database>): Promise<DatabaseToken> {
  const free = freeDatabaseVersion(db);
  if (free !== null) return { value: free, free: true, brand: "DatabaseToken" };
  return { value: await databaseVersion(db), free: false, brand: "DatabaseToken" };
}

abstract class Region<V> {
  hits = 0;
  misses = 0;
  /** Switched off (CACHE_OFF): every read builds, nothing is kept — to measure what the region buys. */
  off = false;
  private lru!: LRUCache<string, Entry<V>>;
  /** Builds in flight, by key and token: as many as there are concurrent misses. */
  private readonly building = new Map<string, Promise<V>>();
  private maxBytes = 0;

  constructor(readonly spec: RegionSpec<V>) {}

  /** (Re)sized by the overall budget; entries are dropped. */
  resize(totalBytes: number): void {
    this.maxBytes = Math.max(1, Math.floor(totalBytes * this.spec.share));
    const sizeOf = this.spec.sizeOf ?? byteSize;
    this.lru = new LRUCache<string, Entry<V>>({
      maxSize: this.maxBytes,
      // One entry may take at most a quarter of its region: a huge answer does not flush a region.
      maxEntrySize: Math.max(1, Math.floor(this.maxBytes / 4)),
      sizeCalculation: (entry, key) => Math.max(1, sizeOf(entry.value) + key.length * 2 + ENTRY_OVERHEAD),
    });
  }

  /**
   * The value kept for `key` under `token`, else `build()`'s (kept unless `keep` is false). Concurrent misses of one
   * key under one token share one build; a failed build is not kept. `token` null: built, not kept.
   */
  protected read(
    db: object,
    key: string,
    token: string | null,
    now: number,
    build: () => Promise<V>,
    options: KeepOptions | undefined,
  ): Promise<V> {
    const fullKey = `${handleId(db)}\u0000${key}`;
    if (this.off) token = null;
    if (token !== null) {
      const hit = this.lru.get(fullKey);
      if (hit !== undefined && hit.token === token && this.young(hit.at, now)) {
        this.hits++;
        if (this.verifies()) return this.verified(key, hit.value, build);
        return Promise.resolve(hit.value);
      }
    }
    this.misses++;
    if (token === null) return build();
    const flight = `${fullKey}\u0001${token}`;
    const running = this.building.get(flight);
    if (running) return running;
    const keep = options?.keep !== false;
    const lru = this.lru;
    const promise = build().then(
      (value) => {
        this.building.delete(flight);
        if (keep && this.lru === lru) lru.set(fullKey, { token, at: now, value });
        return value;
      },
      (error: unknown) => {
        this.building.delete(flight);
        throw error;
      },
    );
    this.building.set(flight, promise);
    return promise;
  }

  /**
   * Several keys at once: the kept values, and one `build(missing)` for the rest (a batch query), each stored under
   * `token`. Misses are not shared with concurrent reads (a batch is one query either way).
   */
  protected async readMany(
    db: object,
    keys: readonly string[],
    token: string | null,
    now: number,
    build: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    const found = new Map<string, V>();
    const missing: string[] = [];
    const verify: string[] = [];
    const prefix = `${handleId(db)}\u0000`;
    if (this.off) token = null;
    for (const key of keys) {
      const hit = token === null ? undefined : this.lru.get(prefix + key);
      if (hit !== undefined && hit.token === token && this.young(hit.at, now)) {
        this.hits++;
        found.set(key, hit.value);
        if (this.verifies()) verify.push(key);
      } else {
        this.misses++;
        missing.push(key);
      }
    }
    if (verify.length > 0) {
      const fresh = await build(verify);
      for (const key of verify) this.compare(key, found.get(key) as V, fresh.get(key));
    }
    if (missing.length === 0) return found;
    const lru = this.lru;
    for (const [key, value] of await build(missing)) {
      found.set(key, value);
      if (token !== null && this.lru === lru) lru.set(prefix + key, { token, at: now, value });
    }
    return found;
  }

  /**
   * `build(previous)` with the value kept for `key` under `token` (or undefined); the result is kept under `token`
   * (unless the store was replaced meanwhile, as `read` does). Under verifyReadCache a value built from a previous
   * one is compared with `build(undefined)`.
   */
  protected async readDerived(
    scope: object,
    key: string,
    token: string | null,
    build: (previous: V | undefined) => Promise<V>,
  ): Promise<V> {
    const lru = this.lru;
    const previous = this.lookUp(scope, key, token, 0);
    if (previous === undefined) this.misses++;
    const value = await build(previous);
    if (previous !== undefined && this.verifies()) this.compare(key, value, await build(undefined));
    if (token !== null && this.lru === lru) lru.set(`${handleId(scope)}\u0000${key}`, { token, at: 0, value });
    return value;
  }

  protected lookUp(scope: object, key: string, token: string | null, now: number): V | undefined {
    if (token === null || this.off) return undefined;
    const hit = this.lru.get(`${handleId(scope)}\u0000${key}`);
    if (hit === undefined || hit.token !== token || !this.young(hit.at, now)) return undefined;
    this.hits++;
    return hit.value;
  }

  /** Under verifyReadCache (tests): whether this region's hits are built again and compared. */
  private verifies(): boolean {
    return verifying && this.spec.stale.token === "tables";
  }

  /** The kept value, after checking that a build now gives the same (verifyReadCache). */
  private async verified(key: string, kept: V, build: () => Promise<V>): Promise<V> {
    this.compare(key, kept, await build());
    return kept;
  }

  private compare(key: string, kept: V, fresh: V | undefined): void {
    if (comparable(kept) !== comparable(fresh)) {
      throw new Error(
        `read cache: region ${this.spec.name} kept a stale answer for ${key}: ` +
          "a table it reads is missing from its rule, or a version from its key",
      );
    }
  }

  private young(at: number, now: number): boolean {
    const maxAgeS = "maxAgeS" in this.spec.stale ? this.spec.stale.maxAgeS : undefined;
    return maxAgeS === undefined || (now >= at && now - at < maxAgeS * 1000);
  }

  stats(): RegionStats {
    return {
      name: this.spec.name,
      share: this.spec.share,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
      bytes: this.lru.calculatedSize,
      entries: this.lru.size,
    };
  }
}

/** A region under the database version token, which the cache reads itself. */
export class DatabaseRegion<V> extends Region<V> {
  declare readonly spec: RegionSpec<V> & { stale: DatabaseRule };

  async get(
    db: Kysely<Database>,
    key: string,
    build: () => Promise<V>,
    options?: KeepOptions & { at?: DatabaseToken },
  ): Promise<V> {
    return this.read(db, key, await this.tokenOf(db, options?.at), 0, build, options);
  }

  /** Several keys at once: one `build(missing)` for those not kept under the token. */
  async getMany(
    db: Kysely<Database>,
    keys: readonly string[],
    build: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    return this.readMany(db, keys, await this.tokenOf(db, undefined), 0, build);
  }

  /**
   * A value worked out from the last one kept for `key` (a delta): `build(previous)` gets the value kept under the
   * current token, or undefined, and returns the new value, which is kept (under the token read before the build)
   * and returned. For values that carry what they were built from (e.g. the versions they saw), so `build` can tell
   * what changed since; the key alone does not decide the value, so a kept one is never served as it is here. Under
   * verifyReadCache every value built from a previous one is compared with `build(undefined)`, a build from scratch.
   */
  async derive(db: Kysely<Database>, key: string, build: (previous: V | undefined) => Promise<V>): Promise<V> {
    return this.readDerived(db, key, this.off ? null : await this.tokenOf(db, undefined), build);
  }

  /** The token an entry is kept under: the database version (read now unless `at` has it), or null. */
  private async tokenOf(db: Kysely<Database>, at: DatabaseToken | undefined): Promise<string | null> {
    const rule = this.spec.stale;
    if (rule.token === "tables") {
      const versions = freeTableVersions(db);
      if (versions === null) return at?.value ?? databaseVersion(db);
      if (versions !== this.versionsSeen) {
        this.versionsSeen = versions;
        this.tablesToken = rule.tables
          .map((table) => {
            const version = versions.get(table);
            if (version === undefined) throw new Error(`read cache: table_versions has no row for ${table}`);
            return version;
          })
          .join(":");
      }
      return this.tablesToken;
    }
    if (rule.token === "database") return at?.value ?? databaseVersion(db);
    return at ? (at.free ? at.value : null) : freeDatabaseVersion(db);
  }

  /** `tables`: the versions last read (one map per reading) and this region's token from them. */
  private versionsSeen: ReadonlyMap<string, string> | null = null;
  private tablesToken = "";
}

/**
 * A region under a token the caller reads (a member's version, the model, the catalog stamp), a time limit, or keyed
 * by content. `scope`: whose entries these are — the database handle, or another owner (e.g. a signing key's holder).
 */
export class TokenRegion<V> extends Region<V> {
  declare readonly spec: RegionSpec<V> & { stale: CallerRule };

  /** The value kept for `key` under the token, else undefined (nothing is built). */
  peek(scope: object, fresh: Freshness, key: string): V | undefined {
    return this.lookUp(scope, key, this.tokenOf(fresh), fresh.now ?? 0);
  }

  get(scope: object, fresh: Freshness, key: string, build: () => Promise<V>, options?: KeepOptions): Promise<V> {
    return this.read(scope, key, this.tokenOf(fresh), fresh.now ?? 0, build, options);
  }

  /** Several keys at once: one `build(missing)` for those not kept under the token. */
  getMany(
    scope: object,
    fresh: Freshness,
    keys: readonly string[],
    build: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>> {
    return this.readMany(scope, keys, this.tokenOf(fresh), fresh.now ?? 0, build);
  }

  private tokenOf(fresh: Freshness): string | null {
    const rule = this.spec.stale.token;
    return rule === "time" || rule === "content" ? "" : fresh.token === null ? null : String(fresh.token);
  }
}

const regions = new Map<string, Region<unknown>>();
let budgetBytes = DEFAULT_MAX_BYTES;

/** Declares a region. Names are unique and the shares of all regions add up to at most 1 (checked here). */
export function defineRegion<V>(spec: RegionSpec<V> & { stale: DatabaseRule }): DatabaseRegion<V>;
export function defineRegion<V>(spec: RegionSpec<V> & { stale: CallerRule }): TokenRegion<V>;
export function defineRegion<V>(spec: RegionSpec<V>): Region<V> {
  if (regions.has(spec.name)) throw new Error(`read cache: region ${spec.name} is defined twice`);
  if (!(spec.share > 0 && spec.share <= 1)) throw new Error(`read cache: region ${spec.name} needs a share in (0, 1]`);
  const total = [...regions.values()].reduce((sum, r) => sum + r.spec.share, spec.share);
  if (total > 1 + 1e-9) throw new Error(`read cache: the regions' shares add up to ${total.toFixed(3)} (> 1)`);
  const region =
    spec.stale.token === "database" || spec.stale.token === "database-free" || spec.stale.token === "tables"
      ? new DatabaseRegion<V>(spec as RegionSpec<V> & { stale: DatabaseRule })
      : new TokenRegion<V>(spec as RegionSpec<V> & { stale: CallerRule });
  region.resize(budgetBytes);
  regions.set(spec.name, region as unknown as Region<unknown>);
  return region;
}

/**
 * Sets the overall budget (CACHE_MAX_MB; a changed budget resizes, and empties, every region) and which regions are
 * switched off (CACHE_OFF: region names, or "all"; an unknown name is an error). A region switched off builds every
 * answer and keeps none: `npm run bench:api -- --cache-off=…` measures what each region buys that way.
 */
export function configureReadCache(maxBytes: number, off: readonly string[] = []): void {
  const unknown = off.filter((name) => name !== "all" && !regions.has(name));
  if (unknown.length > 0) {
    throw new Error(`CACHE_OFF names no region ${unknown.join(", ")} (regions: ${[...regions.keys()].join(", ")})`);
  }
  for (const region of regions.values()) region.off = off.includes("all") || off.includes(region.spec.name);
  if (maxBytes === budgetBytes) return;
  budgetBytes = maxBytes;
  for (const region of regions.values()) region.resize(maxBytes);
}

/**
 * Empties every region: for a change no version token sees, such as TMDB's image configuration (the image URLs in
 * kept answers). Builds in flight are not kept (each region's store is replaced).
 */
export function clearReadCache(): void {
  for (const region of regions.values()) region.resize(budgetBytes);
}

export function readCacheBudget(): number {
  return budgetBytes;
}

/** Every region as declared (docs/architecture.md lists them; a test compares). */
export function readCacheRegions(): Array<Pick<RegionSpec<unknown>, "name" | "share" | "stale" | "keeps">> {
  return [...regions.values()].map(({ spec }) => ({
    name: spec.name,
    share: spec.share,
    stale: spec.stale,
    keeps: spec.keeps,
  }));
}

export function readCacheStats(): RegionStats[] {
  return [...regions.values()].map((r) => r.stats());
}

const series = (pick: (s: RegionStats) => number) => () =>
  readCacheStats().map((s) => [{ region: s.name }, pick(s)] as const);
metrics.collected(
  "moviepedia_cache_hits_total",
  "Read-cache hits, by region.",
  "counter",
  ["region"],
  series((s) => s.hits),
);
metrics.collected(
  "moviepedia_cache_misses_total",
  "Read-cache misses (builds), by region.",
  "counter",
  ["region"],
  series((s) => s.misses),
);
metrics.collected(
  "moviepedia_cache_bytes",
  "Bytes held by the read cache, by region.",
  "gauge",
  ["region"],
  series((s) => s.bytes),
);
metrics.collected(
  "moviepedia_cache_entries",
  "Entries held by the read cache, by region.",
  "gauge",
  ["region"],
  series((s) => s.entries),
);
metrics.collected(
  "moviepedia_cache_max_bytes",
  "Byte budget of each read-cache region (its share of CACHE_MAX_MB).",
  "gauge",
  ["region"],
  series((s) => s.maxBytes),
);
