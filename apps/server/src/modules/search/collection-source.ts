// The collection list: collections whose title matches (tiers 0–3), then collections holding a movie that matches
// at tier 0–2 (ranked 4 + that movie tier); popularity = likes_count, movie_count, id.
import { bestTier, exactTier, matchText } from "./matcher.js";
import { type Known, lazyStream, listStream, pagedStream, type Ranked, type RankedSource } from "./ranking.js";
import {
  type Clause,
  containingAny,
  eitherOf,
  holdsAnyOf,
  holdsMovieContaining,
  KINDS,
  linksBetween,
  linksOfMovies,
  movieTextsContaining,
  selectRecords,
  typoPieces,
  unmatchable,
} from "./repository/index.js";
import { knownRecords, type RecordSource, type SearchContext } from "./sources.js";

const spec = KINDS.collection;
const MOVIE_ONLY = 4;

/** Links of the given movies with their collections' popularity keys; null when there are more than `max`. */
async function holdersOf(ctx: SearchContext, movieIds: readonly number[], max: number) {
  if (movieIds.length === 0) return [];
  const rows = await linksOfMovies(ctx.db, movieIds, max + 1);
  return rows.length > max ? null : rows;
}

/** Best movie tier (0–2) per collection of a page: from the known movie matches, or by testing movie texts. */
async function movieTiers(ctx: SearchContext, collectionIds: readonly number[], known: Map<number, number> | null) {
  const best = new Map<number, number>();
  const { db, q } = ctx;
  if (collectionIds.length === 0) return best;
  const keep = (id: number, tier: number | null) => {
    if (tier !== null && tier < (best.get(id) ?? 3)) best.set(id, tier);
  };
  if (known) {
    if (known.size === 0) return best;
    const rows = await linksBetween(db, collectionIds, [...known.keys()]);
    for (const row of rows) keep(row.collection_id, known.get(row.movie_id)!);
    return best;
  }
  if (unmatchable(db, q.key)) return best;
  const { rows } = await movieTextsContaining(db, collectionIds, q);
  for (const row of rows) keep(Number(row.collection_id), exactTier(q, matchText(row.norm, row.chosung)));
  return best;
}

/** How many links the known-set path may read: movies in many collections make the popularity scan cheaper. */
const HOLDERS_PER_CANDIDATE = 10;

export function collectionSource(ctx: SearchContext, movies: RecordSource): RankedSource {
  const { db, q } = ctx;
  const fuzzy = q.maxTypos > 0;
  // Collection titles are few: their typo lookup is tried up front.
  const titleMax = fuzzy ? 3 : 2;
  let titles: Promise<Known> | undefined;
  const titleKnown = () => (titles ??= knownRecords(ctx, spec, titleMax, {}));

  /** Every movie matching at tier 0–2 with its tier, when the movie lookups found them all; else null. */
  let matchingMovies: Promise<Map<number, number> | null> | undefined;
  const movieMatches = () =>
    (matchingMovies ??= movies
      .known()
      .then((movie) =>
        movie.upTo < 2 ? null : new Map(movie.items.filter((m) => m.tier <= 2).map((m) => [m.id, m.tier])),
      ));

  async function known(): Promise<Known> {
    const title = await titleKnown();
    // Every title match known (tier 3 is empty without typos); collections reached through movies come from
    // streams, and only when the titles do not fill the window.
    return title.upTo < titleMax ? title : { upTo: 3, items: title.items };
  }

  /**
   * Collections reached through movies matching at tier ≤ `movieLevel` (sub-tiers 4 … 4 + movieLevel), read
   * through the links of those movies; null when the movies are not all known or have too many links.
   */
  async function reachedThrough(movieLevel: number): Promise<Ranked[] | null> {
    const movie = await movies.known();
    if (movie.upTo < movieLevel) return null;
    const movieTier = new Map(movie.items.filter((m) => m.tier <= movieLevel).map((m) => [m.id, m.tier]));
    const holders = await holdersOf(ctx, [...movieTier.keys()], ctx.cap("collection") * HOLDERS_PER_CANDIDATE);
    if (holders === null) return null;
    const titled = new Set((await titleKnown()).items.map((c) => c.id));
    const reached = new Map<number, Ranked>();
    for (const row of holders) {
      if (titled.has(row.collection_id)) continue;
      const tier = MOVIE_ONLY + movieTier.get(row.movie_id)!;
      const seen = reached.get(row.collection_id);
      if (!seen || tier < seen.tier) {
        reached.set(row.collection_id, {
          id: row.collection_id,
          tier,
          order: [-row.likes_count, -row.movie_count, row.collection_id],
        });
      }
    }
    return [...reached.values()];
  }

  /**
   * Collections whose title contains the key (or, for the typo tier, one of the typo pieces) or that hold a
   * matching movie: a superset of every tier the stream covers.
   */
  async function prefilter(typos: boolean): Promise<Clause> {
    const known = await movieMatches();
    // The matching movies known: a membership test per link instead of a text test per movie.
    const throughMovies = known ? holdsAnyOf(db, [...known.keys()]) : holdsMovieContaining(db, q);
    const titled = containingAny(db, spec, q.column, typos ? typoPieces(q) : [q.key]);
    return eitherOf(titled, throughMovies);
  }

  /**
   * Title tiers only (0–2, and 3 with `typos`): collections in popularity order whose title contains the key (or
   * a typo piece); no test of their movies, whose tiers come after every title tier.
   */
  const titleScan = (typos: boolean) => {
    const titled = containingAny(db, spec, q.column, typos ? typoPieces(q) : [q.key]);
    return pagedStream(
      (t) => t <= (typos || !fuzzy ? 3 : 2),
      async (page) => {
        const rows = await selectRecords(db, spec, [titled], page);
        const records = rows.map((row) => ({ id: row.id, tier: bestTier(q, row.texts, typos) }));
        return { rows: rows.length, records, last: rows.at(-1)?.order ?? null };
      },
    );
  };

  return {
    tierCount: MOVIE_ONLY + 3,
    known,
    openStream(tier) {
      const scan = (typos: boolean) => {
        let where: Promise<Clause> | undefined;
        return pagedStream(
          (t) => typos || t !== 3 || !fuzzy,
          async (page) => {
            where ??= prefilter(typos);
            const rows = await selectRecords(db, spec, [await where], page);
            const tiers = await movieTiers(
              ctx,
              rows.map((r) => r.id),
              await movieMatches(),
            );
            const records = rows.map((row) => {
              const title = bestTier(q, row.texts, fuzzy);
              if (title !== null) return { id: row.id, tier: title };
              const movie = tiers.get(row.id);
              return { id: row.id, tier: movie === undefined ? null : MOVIE_ONLY + movie };
            });
            return { rows: rows.length, records, last: rows.at(-1)?.order ?? null };
          },
        );
      };
      // Title typos need the typo pieces in SQL.
      if (tier <= 3) return titleScan(fuzzy && tier === 3);
      // Through movies: the links of the known matching movies (usually few), else a scan.
      return lazyStream(
        (t) => t >= MOVIE_ONLY && t <= tier,
        async () => {
          const reached = await reachedThrough(tier - MOVIE_ONLY);
          return reached
            ? listStream(
                () => true,
                async () => reached,
              )
            : scan(false);
        },
      );
    },
  };
}
