// One list of movie_dict_by_genre: the genre's movies that match the query, in movie_list order, then the genre's
// other movies by popularity (tier 4 here).
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { bestTier, exactTier, type MatchText, matchText, type SearchQuery } from "./matcher.js";
import { choseongKey, normalizeText } from "./normalize.js";
import { pagedStream, type Known, type Ranked, type RankedSource } from "./ranking.js";
import {
  allGenres,
  candidateDocuments,
  containingAny,
  countCandidates,
  filterClauses,
  genreCandidates,
  genreMembersAmong,
  genreSizeUpTo,
  KINDS,
  ofGenre,
  selectRecords,
  throughGenreIndex,
} from "./repository/index.js";
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
  const genres = await allGenres(db);
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
/** Most movie candidates joined with a genre to find its matching movies. */
const JOIN_MAX = 20000;

/** A movie of a genre among the join's candidates: its candidate texts and popularity keys. */
interface GenreMatch {
  texts: MatchText[];
  order: number[];
}

/**
 * Movie candidates joined with the matched genres, shared by their lists: one pass over the candidates finds the
 * matching movies of every genre (each candidate costs a genre probe; only members have their document read).
 */
function genreJoin(ctx: SearchContext, genreIds: readonly number[]) {
  const { db, q } = ctx;
  const counts = new Map<number, Promise<number>>();
  const joins = new Map<number, Promise<Map<number, Map<number, GenreMatch>>>>();

  const count = (level: number) => {
    let found = counts.get(level);
    if (!found) {
      const docs = candidateDocuments(db, "movie", q, level, JOIN_MAX);
      found = docs ? countCandidates(db, docs) : Promise.resolve(0);
      counts.set(level, found);
    }
    return found;
  };

  const join = (level: number) => {
    let found = joins.get(level);
    if (!found) {
      found = (async () => {
        const byGenre = new Map<number, Map<number, GenreMatch>>(genreIds.map((id) => [id, new Map()]));
        const docs = candidateDocuments(db, "movie", q, level, JOIN_MAX);
        if (!docs) return byGenre;
        const { rows } = await genreCandidates(db, docs, genreIds);
        for (const row of rows) {
          const movies = byGenre.get(Number(row.genre_id))!;
          const id = Number(row.ref_id);
          const match = movies.get(id);
          if (match) match.texts.push(matchText(row.norm, row.chosung));
          else
            movies.set(id, {
              texts: [matchText(row.norm, row.chosung)],
              order: [-Number(row.p1), -Number(row.p2), id],
            });
        }
        return byGenre;
      })();
      joins.set(level, found);
    }
    return found;
  };

  return { count, join };
}

/** The genre lists of the matched genres. */
export function genreSources(ctx: SearchContext, movies: RecordSource, genres: readonly Genre[]): RankedSource[] {
  const shared = genreJoin(
    ctx,
    genres.map((g) => g.id),
  );
  return genres.map((genre) => genreSource(ctx, movies, genre.id, shared));
}

function genreSource(
  ctx: SearchContext,
  movies: RecordSource,
  genreId: number,
  shared: ReturnType<typeof genreJoin>,
): RankedSource {
  const { db, q } = ctx;
  const cap = ctx.cap("movie");
  const inGenre = filterClauses({ genreId });
  const fuzzy = q.maxTypos > 0;
  const genreIndex = throughGenreIndex();
  const inGenreIndex = ofGenre(genreId);

  const genreSize = (max: number) => genreSizeUpTo(db, genreId, max);

  /** The genre's movies read through its index (all of them, or those containing the key), tiered. */
  async function throughGenre(containing: boolean): Promise<Known> {
    const where = containing ? [inGenreIndex, containingAny(db, spec, q.column, [q.key])] : [inGenreIndex];
    const rows = await selectRecords(db, spec, where, undefined, genreIndex);
    const items = rows.map((r) => ({ id: r.id, tier: bestTier(q, r.texts) ?? NOT_MATCHING, order: r.order }));
    return containing
      ? { upTo: NOT_MATCHING - 1, items: items.filter((i) => i.tier < NOT_MATCHING) }
      : { upTo: NOT_MATCHING, items };
  }

  /**
   * Every matching movie of the genre from the shared join of the movie lookup of `level`, when that lookup has at
   * most `max` documents.
   */
  async function candidatesInGenre(level: number, max: number): Promise<Known | null> {
    if ((await shared.count(level)) > max) return null;
    const matches = (await shared.join(level)).get(genreId) ?? new Map<number, GenreMatch>();
    const items: Ranked[] = [];
    for (const [id, match] of matches) {
      const tier = bestTier(q, match.texts, level >= 3);
      if (tier !== null) items.push({ id, tier, order: match.order });
    }
    return { upTo: NOT_MATCHING - 1, items };
  }

  /**
   * Whether, with the exact and prefix matches known, the genre's stream (movies in popularity order) fills the
   * window with contains matches after fewer rows than joining every contains candidate with the genre would read.
   */
  async function denseInGenre(knownUpTo: number, genreSize: number): Promise<boolean> {
    if (knownUpTo < 1) return false;
    const movieCount = Math.max(1, ctx.size("movie"));
    const candidates = await shared.count(2);
    const inGenre = (candidates * genreSize) / movieCount;
    return inGenre >= 2 * ctx.need && (ctx.need * movieCount) / inGenre < candidates;
  }

  async function known(): Promise<Known> {
    const movie = await movies.known();
    const typos = movie.upTo === 2 && fuzzy ? await movies.typoKnown() : null;
    // Complete when every matching movie (typos included) is known.
    const complete = movie.upTo === 2 && (!fuzzy || typos !== null);
    if (!complete) {
      const size = await genreSize(GENRE_SCAN_MAX);
      if (size <= cap * SMALL_GENRE_FACTOR) return throughGenre(false);
      if (!(await denseInGenre(movie.upTo, size))) {
        // A scanned genre row costs about twice a joined candidate: join while the candidates are fewer.
        const joined = await candidatesInGenre(fuzzy ? 3 : 2, Math.min(2 * size, JOIN_MAX));
        if (joined) return joined;
        if (!fuzzy && size <= GENRE_SCAN_MAX) return throughGenre(true);
      }
    }
    const candidates = typos ?? movie.items;
    const members = new Set<number>();
    if (candidates.length) {
      const rows = await genreMembersAmong(
        db,
        genreId,
        candidates.map((m) => m.id),
      );
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
        async (page) => {
          // The genre test reads no text: texts are read for the page's rows alone.
          const rows = await selectRecords(db, spec, inGenre, page, undefined, true);
          const records = rows.map((row) => ({ id: row.id, tier: bestTier(q, row.texts, true) ?? NOT_MATCHING }));
          return { rows: rows.length, records, last: rows.at(-1)?.order ?? null };
        },
      );
    },
  };
}
