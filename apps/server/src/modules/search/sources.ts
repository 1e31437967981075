// Ranked sources for the lists whose records are searched by their own texts: movies, people and users (and
// collection titles). Tiers 0–2 come from the bounded index lookups; the typo tier is looked up only when those
// tiers do not fill the window.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { boundedTexts, candidateDocuments, typoPieces } from "./candidates.js";
import type { SearchKind } from "./documents.js";
import { bestTier, type SearchQuery } from "./matcher.js";
import { type Known, listStream, pagedStream, type Ranked, type RankedSource } from "./ranking.js";
import { containingAny, type Filters, filterClauses, type KindSpec, recordOrders, selectRecords } from "./records.js";

export interface SearchContext {
  db: Kysely<Database>;
  q: SearchQuery;
  /** Most candidate documents an index lookup of a kind may return before the popularity scan takes over. */
  cap: (kind: SearchKind) => number;
}

/** Typo candidates are only texts (no records read until they match): the typo level may read more of them. */
export const TYPO_CAP_FACTOR = 2;

/**
 * Every record at most `level` when that level's lookup is small enough, else null. Candidate texts are tiered
 * first, then only the matches' popularity is read: a record's best field at or under the level is always among
 * the candidates, so the candidates alone give its tier.
 */
export async function recordsUpTo(
  ctx: SearchContext,
  spec: KindSpec,
  level: number,
  filters: Filters,
): Promise<Ranked[] | null> {
  const cap = ctx.cap(spec.kind) * (level >= 3 ? TYPO_CAP_FACTOR : 1);
  const texts = await boundedTexts(ctx.db, candidateDocuments(ctx.db, spec.kind, ctx.q, level, cap), cap);
  if (texts === null) return null;
  const tiers = new Map<number, number>();
  for (const [id, recordTexts] of texts) {
    const tier = bestTier(ctx.q, recordTexts, level >= 3);
    if (tier !== null && tier <= level) tiers.set(id, tier);
  }
  const orders = await recordOrders(ctx.db, spec, [...tiers.keys()], filters);
  return [...orders].map(([id, order]) => ({ id, tier: tiers.get(id)!, order }));
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

  /** Records in popularity order with a text containing one of `needles`, tiered (with typos when `fuzzy`). */
  const scan = (covers: (tier: number) => boolean, needles: string[], withTypos: boolean) => {
    const where = [...filterClauses(filters), containingAny(ctx.db, spec, ctx.q.column, needles)];
    return pagedStream(covers, async (offset, limit) => {
      const rows = await selectRecords(ctx.db, spec, where, { offset, limit });
      const records = rows.map((row) => ({ id: row.id, tier: bestTier(ctx.q, row.texts, withTypos) }));
      return { rows: rows.length, records };
    });
  };

  return {
    tierCount: fuzzy ? 4 : 3,
    known: () => (known ??= knownRecords(ctx, spec, 2, filters)),
    typoKnown,
    openStream(tier) {
      // Tiers 0–2: texts containing the key.
      if (tier <= 2) return scan((t) => t <= 2, [ctx.q.key], false);
      // The typo tier: the bounded typo lookup, else texts holding one of the typo pieces (one is always intact).
      let fallback: ReturnType<typeof scan> | undefined;
      let first = true;
      const enumerated = listStream(
        () => true,
        async () => (await typoKnown()) ?? [],
      );
      return {
        covers: () => true,
        async next(wanted) {
          if (first) {
            first = false;
            if ((await typoKnown()) !== null) return enumerated.next(wanted);
            fallback = scan(() => true, typoPieces(ctx.q), true);
          }
          return fallback ? fallback.next(wanted) : enumerated.next(wanted);
        },
      };
    },
  };
}
