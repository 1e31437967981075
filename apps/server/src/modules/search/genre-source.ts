// One list of movie_dict_by_genre: the genre's movies that match the query, in movie_list order, then the genre's
// other movies by popularity (tier 4 here).
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { inIds } from "./dialect.js";
import { bestTier, exactTier, type SearchQuery } from "./matcher.js";
import { choseongKey, normalizeText } from "./normalize.js";
import { pagedStream, type Known, type RankedSource } from "./ranking.js";
import { containingAny, filterClauses, KINDS, selectRecords } from "./records.js";
import type { RecordSource, SearchContext } from "./sources.js";

const NOT_MATCHING = 4;
const spec = KINDS.movie;

export interface Genre {
  id: number;
  name: string;
}

function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** Genres matching at tier 0–2, or whose name occurs literally in the query; in code-point order of names. */
export async function matchingGenres(db: Kysely<Database>, q: SearchQuery): Promise<Genre[]> {
  // A tiny vocabulary: matched in memory.
  const genres = await db.selectFrom("genres").select(["id", "name"]).execute();
  return genres
    .filter((genre) => {
      const name = normalizeText(genre.name);
      if (name === "") return false;
      if (q.text.includes(name)) return true;
      const chars = Array.from(name);
      return exactTier(q, { chars, choseong: Array.from(choseongKey(chars)) }) !== null;
    })
    .sort((a, b) => compareCodePoints(a.name, b.name));
}

/** A genre this small is read whole (its movies tiered in memory) when the movie matches are not all known. */
const SMALL_GENRE_FACTOR = 2;
/** Without typos, a genre up to this size is scanned through its own index for its movies containing the key. */
const GENRE_SCAN_MAX = 12000;

export function genreSource(ctx: SearchContext, movies: RecordSource, genreId: number): RankedSource {
  const { db, q } = ctx;
  const cap = ctx.cap("movie");
  const inGenre = filterClauses({ genreId });
  const fuzzy = q.maxTypos > 0;
  const genreIndex = sql`movie_genres g join movies t on t.id = g.movie_id`;
  const ofGenre = sql`g.genre_id = ${genreId}`;

  async function genreSize(max: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from movie_genres
      where genre_id = ${genreId} limit ${max + 1}) as g`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }

  /** The genre's movies read through its index (all of them, or those containing the key), tiered. */
  async function throughGenre(containing: boolean): Promise<Known> {
    const where = containing ? [ofGenre, containingAny(db, spec, q.column, [q.key])] : [ofGenre];
    const rows = await selectRecords(db, spec, where, undefined, genreIndex);
    const items = rows.map((r) => ({ id: r.id, tier: bestTier(q, r.texts) ?? NOT_MATCHING, order: r.order }));
    return containing
      ? { upTo: NOT_MATCHING - 1, items: items.filter((i) => i.tier < NOT_MATCHING) }
      : { upTo: NOT_MATCHING, items };
  }

  async function known(): Promise<Known> {
    const movie = await movies.known();
    const typos = movie.upTo === 2 && fuzzy ? await movies.typoKnown() : null;
    // Complete when every matching movie (typos included) is known.
    const complete = movie.upTo === 2 && (!fuzzy || typos !== null);
    if (!complete) {
      const size = await genreSize(GENRE_SCAN_MAX);
      if (size <= cap * SMALL_GENRE_FACTOR) return throughGenre(false);
      if (!fuzzy && size <= GENRE_SCAN_MAX) return throughGenre(true);
    }
    const candidates = typos ?? movie.items;
    const members = new Set<number>();
    if (candidates.length) {
      const rows = await db
        .selectFrom("movie_genres")
        .select("movie_id")
        .where("genre_id", "=", genreId)
        .where(
          inIds(
            db,
            sql.ref("movie_id"),
            candidates.map((m) => m.id),
          ),
        )
        .execute();
      for (const row of rows) members.add(row.movie_id);
    }
    const matched = candidates.filter((m) => members.has(m.id));
    if (!complete) return { upTo: movie.upTo, items: matched };
    // Every match is known; the rest of a small genre too, by reading it whole.
    if ((await genreSize(cap)) <= cap) return throughGenre(false);
    return { upTo: NOT_MATCHING - 1, items: matched };
  }

  return {
    tierCount: NOT_MATCHING + 1,
    known,
    openStream() {
      return pagedStream(
        () => true,
        async (offset, limit) => {
          const rows = await selectRecords(db, spec, inGenre, { offset, limit });
          const records = rows.map((row) => ({ id: row.id, tier: bestTier(q, row.texts, true) ?? NOT_MATCHING }));
          return { rows: rows.length, records };
        },
      );
    },
  };
}
