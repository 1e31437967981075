// Windowed ranking "by tier, then popularity" without reading every match. A source knows the complete set of its
// best tiers when an index lookup finds few enough candidates; the rest comes from a scan in popularity order (an
// index), which stops as soon as the window is filled. Large candidate sets are dense, so those scans are short.
import type { Window } from "../../http/window.js";

/** One ranked record: `order` holds its popularity keys, ascending (descending counters are negated). */
export interface Ranked {
  id: number;
  tier: number;
  order: readonly number[];
}

/** Every record whose tier is at most `upTo`, with exact tiers. */
export interface Known {
  upTo: number;
  items: Ranked[];
}

export interface StreamedRecord {
  id: number;
  /** Exact tier, or null when the record does not match. */
  tier: number | null;
}

/** Records in popularity order (id ascending on ties); complete for the tiers it `covers`. */
export interface RankStream {
  covers(tier: number): boolean;
  /** The next page, or null when the scan is over; `wanted` = how many more records of the tier are needed. */
  next(wanted: number): Promise<StreamedRecord[] | null>;
}

export interface RankedSource {
  /** Tiers are 0 … tierCount − 1. */
  tierCount: number;
  known(): Promise<Known>;
  /** The cheapest stream that covers `tier`. */
  openStream(tier: number): RankStream;
}

export function compareRanked(a: Ranked, b: Ranked): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  for (let i = 0; i < a.order.length; i++) {
    const d = (a.order[i] ?? 0) - (b.order[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

class StreamState {
  readonly buckets = new Map<number, number[]>();
  private readonly seen = new Set<number>();
  ended = false;
  constructor(readonly stream: RankStream) {}

  bucket(tier: number): number[] {
    let list = this.buckets.get(tier);
    if (!list) this.buckets.set(tier, (list = []));
    return list;
  }

  async pull(wanted: number): Promise<void> {
    const page = await this.stream.next(wanted);
    if (page === null) {
      this.ended = true;
      return;
    }
    for (const record of page) {
      // Rows that move between pages while counters change must not appear twice.
      if (record.tier === null || this.seen.has(record.id)) continue;
      this.seen.add(record.id);
      this.bucket(record.tier).push(record.id);
    }
  }
}

/** The ids at positions [offset, offset + limit) of the source's full ranking. */
export async function rankWindow(source: RankedSource, window: Window): Promise<number[]> {
  if (window.limit === 0) return [];
  const need = window.offset + window.limit;
  const known = await source.known();
  const ids = [...known.items].sort(compareRanked).map((item) => item.id);
  let state: StreamState | null = null;
  for (let tier = known.upTo + 1; tier < source.tierCount && ids.length < need; tier++) {
    if (!state || !state.stream.covers(tier)) state = new StreamState(source.openStream(tier));
    while (!state.ended && ids.length + state.bucket(tier).length < need) {
      await state.pull(need - ids.length - state.bucket(tier).length);
    }
    ids.push(...state.bucket(tier));
    // Not at the end of the scan means this tier alone filled the window.
    if (!state.ended) break;
  }
  return ids.slice(window.offset, need);
}

/** Where a popularity scan's next page starts: after the record with these order keys (null: from the top). */
export interface PageRequest {
  after: readonly number[] | null;
  limit: number;
}

/**
 * A stream over `fetchPage`, which returns fewer rows than asked only at the end, and the order keys of the last
 * row it read. The first page asks for a little more than is wanted (some rows may fall in tiers already known);
 * later pages grow fourfold and start after the last row read (keyset paging), so a scan reads each row once.
 */
export function pagedStream(
  covers: (tier: number) => boolean,
  fetchPage: (
    page: PageRequest,
  ) => Promise<{ rows: number; records: StreamedRecord[]; last: readonly number[] | null }>,
): RankStream {
  let after: readonly number[] | null = null;
  let limit = 0;
  let done = false;
  return {
    covers,
    async next(wanted) {
      if (done) return null;
      limit = limit === 0 ? Math.max(16, 2 * wanted) : limit * 4;
      const { rows, records, last } = await fetchPage({ after, limit });
      after = last;
      if (rows < limit || last === null) done = true;
      return records;
    },
  };
}

/** A stream over records already read whole (a bounded typo lookup), in popularity order. */
export function listStream(covers: (tier: number) => boolean, load: () => Promise<Ranked[]>): RankStream {
  let done = false;
  return {
    covers,
    async next() {
      if (done) return null;
      done = true;
      return [...(await load())].sort((a, b) => compareRanked({ ...a, tier: 0 }, { ...b, tier: 0 }));
    },
  };
}

/** A stream chosen when first read (the choice may need a lookup that is wasted if the stream is never read). */
export function lazyStream(covers: (tier: number) => boolean, choose: () => Promise<RankStream>): RankStream {
  let inner: Promise<RankStream> | undefined;
  return {
    covers,
    async next(wanted) {
      inner ??= choose();
      return (await inner).next(wanted);
    },
  };
}
