// Ranked sources for the lists whose records are searched by their own texts: movies, people and users.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { candidateDocuments, isBounded, typoPieces } from "./candidates.js";
import { bestTier, type SearchQuery } from "./matcher.js";
import { pagedStream, type Known, type Ranked, type RankedSource } from "./ranking.js";
import {
  candidateTexts,
  containingAny,
  type Filters,
  filterClauses,
  type KindSpec,
  type RecordRow,
  recordOrders,
  selectRecords,
} from "./records.js";

export interface SearchContext {
  db: Kysely<Database>;
  q: SearchQuery;
  /** Most candidate documents an index lookup may return before the popularity scan takes over. */
  cap: number;
}

/** Typo candidates are only texts (no records read until they match): the typo level may read more of them. */
export const TYPO_CAP_FACTOR = 4;

export const capFor = (ctx: SearchContext, level: number) => (level >= 3 ? ctx.cap * TYPO_CAP_FACTOR : ctx.cap);

/** Records at most `level`, with their exact tiers. */
export function rankRows(q: SearchQuery, rows: readonly RecordRow[], level: number): Ranked[] {
  const items: Ranked[] = [];
  for (const row of rows) {
    const tier = bestTier(q, row.texts, level >= 3);
    if (tier !== null && tier <= level) items.push({ id: row.id, tier, order: row.order });
  }
  return items;
}

/**
 * The highest tier level whose index lookup is small enough, with every record up to it: candidate texts are
 * tiered first, then only the matches' popularity is read. A record's best field at or under the level is always
 * among the candidates, so the candidates alone give its tier.
 */
export async function knownRecords(
  ctx: SearchContext,
  spec: KindSpec,
  maxLevel: number,
  filters: Filters,
): Promise<Known> {
  for (let level = maxLevel; level >= 0; level--) {
    const cap = capFor(ctx, level);
    const docs = candidateDocuments(ctx.db, spec.kind, ctx.q, level, cap);
    if (!(await isBounded(ctx.db, docs, cap))) continue;
    if (docs === null) return { upTo: level, items: [] };
    const tiers = new Map<number, number>();
    for (const [id, texts] of await candidateTexts(ctx.db, docs)) {
      const tier = bestTier(ctx.q, texts, level >= 3);
      if (tier !== null && tier <= level) tiers.set(id, tier);
    }
    const orders = await recordOrders(ctx.db, spec, [...tiers.keys()], filters);
    const items = [...orders].map(([id, order]) => ({ id, tier: tiers.get(id)!, order }));
    return { upTo: level, items };
  }
  return { upTo: -1, items: [] };
}

export interface RecordSource extends RankedSource {
  /** Memoised: movie matches are shared by the movie list, the genre lists and the collection list. */
  known(): Promise<Known>;
}

/** Tiers 0–2, plus 3 (fuzzy) when the query allows typos. */
export function recordSource(ctx: SearchContext, spec: KindSpec, filters: Filters = {}): RecordSource {
  const tierCount = ctx.q.maxTypos > 0 ? 4 : 3;
  let known: Promise<Known> | undefined;
  return {
    tierCount,
    known: () => (known ??= knownRecords(ctx, spec, tierCount - 1, filters)),
    openStream(tier) {
      // Tiers 0–2 need a text containing the key; the typo tier a text containing one of the typo pieces.
      const typos = tier > 2;
      const needles = typos ? typoPieces(ctx.q) : [ctx.q.key];
      const where = [...filterClauses(filters), containingAny(ctx.db, spec, ctx.q.column, needles)];
      return pagedStream(
        (t) => typos || t <= 2,
        async (offset, limit) => {
          const rows = await selectRecords(ctx.db, spec, where, { offset, limit });
          const records = rows.map((row) => ({ id: row.id, tier: bestTier(ctx.q, row.texts, typos) }));
          return { rows: rows.length, records };
        },
      );
    },
  };
}
