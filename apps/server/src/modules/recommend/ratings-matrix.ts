// Ratings and implicit marks as a sparse matrix in both orientations (CSR by member and by movie), with dense
// indexes for the ids. Rows are sorted by the other side's id, so training sums in one fixed order whatever order the
// rows arrived in (same data → same model).
import { SIGNAL_RATING } from "./signals.js";

/**
 * Parallel arrays of (member id, movie id, rating), one entry per (member, movie). `kinds` (optional: all ratings
 * without it) says what each entry is: SIGNAL_RATING with a rating > 0 in `values`, or an implicit mark
 * (signals.ts) whose value is ignored.
 */
export interface RatingTriples {
  users: Int32Array;
  items: Int32Array;
  values: Float32Array;
  kinds?: Uint8Array;
}

export interface Csr {
  rowPtr: Int32Array;
  cols: Int32Array;
  values: Float32Array;
  /** Kind of each entry (null: every entry is a rating). */
  kinds: Uint8Array | null;
}

export interface RatingsMatrix {
  userIds: Int32Array;
  itemIds: Int32Array;
  byUser: Csr;
  byItem: Csr;
  /** Mean of the ratings (marks excluded). */
  mean: number;
  /** Number of ratings (marks excluded). */
  ratingCount: number;
}

function uniqueSorted(ids: Int32Array): Int32Array {
  const sorted = Int32Array.from(ids).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[n++] = sorted[i]!;
  }
  return sorted.slice(0, n);
}

/** Dense index of each id in `sorted` (binary search; ids are known to be present). */
function denseIndexes(ids: Int32Array, sorted: Int32Array): Int32Array {
  const out = new Int32Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    let lo = 0;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < id) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  return out;
}

/** Counting sort of entry positions by key; stable, so a prior order is kept inside each key. */
function orderBy(
  keys: Int32Array,
  keyCount: number,
  within: Int32Array | null,
): { order: Int32Array; ptr: Int32Array } {
  const ptr = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) ptr[keys[i]! + 1]!++;
  for (let k = 0; k < keyCount; k++) ptr[k + 1]! += ptr[k]!;
  const next = ptr.slice(0, keyCount);
  const order = new Int32Array(keys.length);
  const n = keys.length;
  for (let p = 0; p < n; p++) {
    const e = within ? within[p]! : p;
    order[next[keys[e]!]!++] = e;
  }
  return { order, ptr };
}

function toCsr(
  rowKeys: Int32Array,
  colKeys: Int32Array,
  colCount: number,
  rowCount: number,
  values: Float32Array,
  kinds: Uint8Array | null,
): Csr {
  // Sort by column first, then stably by row: each row ends up ordered by column.
  const byCol = orderBy(colKeys, colCount, null);
  const byRow = orderBy(rowKeys, rowCount, byCol.order);
  const cols = new Int32Array(values.length);
  const vals = new Float32Array(values.length);
  const kindsOut = kinds ? new Uint8Array(values.length) : null;
  for (let p = 0; p < byRow.order.length; p++) {
    const e = byRow.order[p]!;
    cols[p] = colKeys[e]!;
    vals[p] = values[e]!;
    if (kindsOut) kindsOut[p] = kinds![e]!;
  }
  return { rowPtr: byRow.ptr, cols, values: vals, kinds: kindsOut };
}

export function buildRatingsMatrix(triples: RatingTriples): RatingsMatrix {
  const userIds = uniqueSorted(triples.users);
  const itemIds = uniqueSorted(triples.items);
  const u = denseIndexes(triples.users, userIds);
  const m = denseIndexes(triples.items, itemIds);
  const kinds = triples.kinds ?? null;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < triples.values.length; i++) {
    if (kinds && kinds[i] !== SIGNAL_RATING) continue;
    sum += triples.values[i]!;
    count++;
  }
  return {
    userIds,
    itemIds,
    byUser: toCsr(u, m, itemIds.length, userIds.length, triples.values, kinds),
    byItem: toCsr(m, u, userIds.length, itemIds.length, triples.values, kinds),
    mean: count ? sum / count : 0,
    ratingCount: count,
  };
}
