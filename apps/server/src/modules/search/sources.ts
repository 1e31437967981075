// Ranked sources for the lists whose records are searched by their own texts: movies, people and users (and
// collection titles). Tiers 0–2 come from the bounded index lookups; the typo tier is looked up only when those
// tiers do not fill the window.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { SearchKind } from "./documents.js";
import { bestTier, type SearchQuery } from "./matcher.js";
import {
  type Known,
  lazyStream,
  listStream,
  pagedStream,
  type Ranked,
  type RankedSource,
  type RankStream,
} from "./ranking.js";
import {
  candidateDocuments,
  type CandidateTexts,
  candidateTexts,
  type Clause,
  containingAny,
  countDocuments,
  type DocIds,
  type Filters,
  filterClauses,
  inCandidates,
  isBounded,
  isPostgres,
  type KindSpec,
  recordOrders,
  selectRecords,
  typoPieces,
} from "./repository/index.js";

export interface SearchContext {
  db: Kysely<Database>;
  q: SearchQuery;
  /** Most candidate documents an index lookup of a kind may return before the popularity scan takes over. */
  cap: (kind: SearchKind) => number;
  /** The same for the typo level, whose lookups cover four tiers and whose candidates are mostly not matches. */
  typoCap: (kind: SearchKind) => number;
  /** About how many records a kind has (its largest id). */
  size: (kind: SearchKind) => number;
  /** End of the window: how many ranked records each list needs. */
  need: number;
}

/** Candidates of a 3-character query's typo lookup between these bounds are read by a restricted scan. */
const RESTRICTED_SCAN_MIN = 300;
const RESTRICTED_SCAN_MAX = 30000;

/** The typo level's candidate bound, relative to the others': its lookups cover four tiers. */
export const TYPO_CAP_FACTOR = 2;
/**
 * Typo candidates are mostly not matches, so the typo tier is often sparse and its popularity scan long (the whole
 * table when nothing matches): candidates are read whole up to a tenth of the table (a candidate read costs about
 * ten scanned rows) and at most this many.
 */
export const TYPO_READ_MAX = 3000;

/** Records at most `level` that pass the filters, with their exact tiers and popularity keys. */
async function rankCandidates(
  ctx: SearchContext,
  spec: KindSpec,
  rows: readonly CandidateTexts[],
  level: number,
  filters: Filters,
): Promise<Ranked[]> {
  const tiers = new Map<number, number>();
  const ranked: Ranked[] = [];
  for (const row of rows) {
    const tier = bestTier(ctx.q, row.texts, level >= 3);
    if (tier === null || tier > level) continue;
    if (row.order) ranked.push({ id: row.id, tier, order: row.order });
    else tiers.set(row.id, tier);
  }
  if (tiers.size === 0) return ranked;
  const orders = await recordOrders(ctx.db, spec, [...tiers.keys()], filters);
  return [...orders].map(([id, order]) => ({ id, tier: tiers.get(id)!, order }));
}

/**
 * Every record at most `level` when that level's lookup is small enough, else null. A record's best field at or
 * under the level is always among the candidates, so the candidates alone give its tier.
 */
export async function recordsUpTo(
  ctx: SearchContext,
  spec: KindSpec,
  level: number,
  filters: Filters,
): Promise<Ranked[] | null> {
  const cap = level >= 3 ? ctx.typoCap(spec.kind) : ctx.cap(spec.kind);
  const docs = candidateDocuments(ctx.db, spec.kind, ctx.q, level, cap);
  if (docs === null) return [];
  // One lookup is counted first (index only: an unbounded one reads no rows); a typo lookup, a union of many,
  // is read at once rather than run twice.
  if (level < 3 && !(await isBounded(ctx.db, docs, cap))) return null;
  // Candidates of tiers 0–2 nearly all match: their records are read with them. Most typo candidates do not.
  const rows = await candidateTexts(ctx.db, docs, cap, level < 3 ? { spec, filters } : undefined);
  return rows && rankCandidates(ctx, spec, rows, level, filters);
}

/** The highest level from `maxLevel` down whose lookup is small enough. */
export async function knownRecords(
  ctx: SearchContext,
  spec: KindSpec,
  maxLevel: number,
  filters: Filters,
): Promise<Known> {
  for (let level = maxLevel; level >= 0; level--) {
    const items = await recordsUpTo(ctx, spec, level, filters);
    if (items) return { upTo: level, items };
  }
  return { upTo: -1, items: [] };
}

export interface RecordSource extends RankedSource {
  /** Tiers 0–2 (memoised: movie matches are shared by the movie, genre and collection lists). */
  known(): Promise<Known>;
  /** Every record at tiers 0–3 when the typo lookup is small enough (memoised); null otherwise or without typos. */
  typoKnown(): Promise<Ranked[] | null>;
}

export function recordSource(ctx: SearchContext, spec: KindSpec, filters: Filters = {}): RecordSource {
  const fuzzy = ctx.q.maxTypos > 0;
  let known: Promise<Known> | undefined;
  let typos: Promise<Ranked[] | null> | undefined;
  const typoKnown = () => (typos ??= fuzzy ? recordsUpTo(ctx, spec, 3, filters) : Promise.resolve(null));

  /**
   * Records in popularity order with a text containing one of `needles` (or passing `restricted` instead), tiered
   * (with typos when `withTypos`).
   */
  const scan = (
    covers: (tier: number) => boolean,
    needles: string[],
    withTypos: boolean,
    restricted: Clause | null = null,
  ) => {
    const where = [...filterClauses(filters), restricted ?? containingAny(ctx.db, spec, ctx.q.column, needles)];
    return pagedStream(covers, async (page) => {
      // A restricted scan tests membership only: texts are read for the page's rows alone.
      const rows = await selectRecords(ctx.db, spec, where, page, undefined, restricted !== null);
      const records = rows.map((row) => ({ id: row.id, tier: bestTier(ctx.q, row.texts, withTypos) }));
      return { rows: rows.length, records, last: rows.at(-1)?.order ?? null };
    });
  };

  /**
   * A 3-character query's typo lookup is exact (every candidate matches): past a few hundred candidates, a scan of
   * the rank index restricted to them stops after the few matches wanted instead of reading them all.
   */
  async function threeCharacterTypos(): Promise<RankStream> {
    const docs = candidateDocuments(ctx.db, spec.kind, ctx.q, 3, RESTRICTED_SCAN_MAX);
    const count = docs ? await countDocuments(ctx.db, docs, RESTRICTED_SCAN_MAX) : 0;
    const listed = count <= RESTRICTED_SCAN_MIN ? await typoKnown() : null;
    if (listed)
      return listStream(
        () => true,
        () => Promise.resolve(listed),
      );
    return scan(() => true, typoPieces(ctx.q), true, count <= RESTRICTED_SCAN_MAX ? restrictedTo(docs) : null);
  }

  /** Membership in the records of candidate documents, tested while reading the rank index. */
  function restrictedTo(docs: DocIds): Clause | null {
    return docs && inCandidates(ctx.db, spec.kind, docs);
  }

  /**
   * Tiers 0–2 in popularity order: on SQLite the rank index restricted to the contains lookup's candidates when
   * there are not too many (a membership probe per row instead of reading its texts), else texts containing the key.
   */
  async function containsStream(): Promise<RankStream> {
    // PostgreSQL reads the whole candidate set first (GIN bitmaps): there the text test per row is cheaper.
    if (isPostgres(ctx.db)) return scan((t) => t <= 2, [ctx.q.key], false);
    const docs = candidateDocuments(ctx.db, spec.kind, ctx.q, 2, RESTRICTED_SCAN_MAX);
    const bounded = docs !== null && (await countDocuments(ctx.db, docs, RESTRICTED_SCAN_MAX)) <= RESTRICTED_SCAN_MAX;
    return scan((t) => t <= 2, [ctx.q.key], false, bounded ? restrictedTo(docs) : null);
  }

  return {
    tierCount: fuzzy ? 4 : 3,
    known: () => (known ??= knownRecords(ctx, spec, 2, filters)),
    typoKnown,
    openStream(tier) {
      // Tiers 0–2: texts containing the key.
      if (tier <= 2) return lazyStream((t) => t <= 2, containsStream);
      // The typo tier: the bounded typo lookup, else texts holding one of the typo pieces (one is always intact).
      return lazyStream(
        () => true,
        async () => {
          if (ctx.q.chars.length === 3) return threeCharacterTypos();
          const listed = await typoKnown();
          return listed
            ? listStream(
                () => true,
                async () => listed,
              )
            : scan(() => true, typoPieces(ctx.q), true);
        },
      );
    },
  };
}
