// One list of movie_dict_by_genre: the genre's movies that match the query, in movie_list order, then the genre's
// other movies by popularity (tier 4 here).
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { inIds } from "./dialect.js";
import { bestTier, exactTier, type SearchQuery } from "./matcher.js";
import { choseongKey, normalizeText } from "./normalize.js";
import { pagedStream, type Known, type RankedSource } from "./ranking.js";
import { filterClauses, KINDS, selectRecords } from "./records.js";
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

export function genreSource(ctx: SearchContext, movies: RecordSource, genreId: number): RankedSource {
  const { db, q, cap } = ctx;
  const inGenre = filterClauses({ genreId });

  async function known(): Promise<Known> {
    const movie = await movies.known();
    const ids = movie.items.map((m) => m.id);
    const members = new Set<number>();
    if (ids.length) {
      const rows = await db
        .selectFrom("movie_genres")
        .select("movie_id")
        .where("genre_id", "=", genreId)
        .where(inIds(db, sql.ref("movie_id"), ids))
        .execute();
      for (const row of rows) members.add(row.movie_id);
    }
    const matched = movie.items.filter((m) => members.has(m.id));
    if (movie.upTo < movies.tierCount - 1) return { upTo: movie.upTo, items: matched };
    // Every match is known; the rest of a small genre too, by reading it whole.
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from movie_genres
      where genre_id = ${genreId} limit ${cap + 1}) as g`.execute(db);
    if (Number(rows[0]?.n ?? 0) > cap) return { upTo: NOT_MATCHING - 1, items: matched };
    const all = await selectRecords(db, spec, [
      sql`t.id in (select movie_id from movie_genres where genre_id = ${genreId})`,
    ]);
    const others = all.filter((row) => !members.has(row.id));
    return {
      upTo: NOT_MATCHING,
      items: [...matched, ...others.map((r) => ({ id: r.id, tier: NOT_MATCHING, order: r.order }))],
    };
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
