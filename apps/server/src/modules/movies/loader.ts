// Batch loading of full Movie objects: a fixed number of queries for any number of ids (no N+1). Search,
// collections, recommendations and the chart endpoints all expand ids through here.
//
// What a movie shows besides its own row (genres, countries, credits with people's names and images) changes only
// with catalog imports, so it is kept in the read cache under the catalog version token that triggers renew on
// every such change (migration 0005). The token is read in the same statement as the movie rows, so a change made by
// any process is seen on the next read; the counters and the average always come fresh.
import { CompactMovie, type Credit, type Movie, type WatchProviders } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { answerJson, defineRegion } from "../../cache/index.js";
import type { VersionedTable } from "../../db/data-version.js";
import type { Database } from "../../db/types.js";
import type { CountedJson } from "./counted.js";
import { averageRating, posterUrl, toCredit, toMovie, toWatchProviders } from "./mapper.js";
import {
  findCompactRows,
  findMovieCredits,
  findMovieGenres,
  findMovieRatings,
  findMovieRows,
  findMovieTags,
  type MovieCoreRow,
  type MovieProviderRow,
  readCatalogVersion,
} from "./repository.js";

interface MovieLinks {
  genres: string[];
  countries: string[];
  participants: Credit[];
  watchProviders: WatchProviders;
}

const movieLinks = defineRegion<MovieLinks>({
  name: "movie-links",
  share: 0.04,
  stale: { token: "catalog" },
  keeps: "a film's genres, countries, credits and watch providers (everything but its own row)",
  sizeOf: (l) => JSON.stringify(l).length * 2,
});

async function fetchLinks(db: Kysely<Database>, ids: number[]): Promise<Map<string, MovieLinks>> {
  const [tags, credits] = await Promise.all([findMovieTags(db, ids), findMovieCredits(db, ids)]);
  const links = new Map<number, MovieLinks>(
    ids.map((id) => [id, { genres: [], countries: [], participants: [], watchProviders: toWatchProviders([]) }]),
  );
  const providers = new Map<number, MovieProviderRow[]>();
  const sortedTags = [...tags].sort(
    (a, b) =>
      a.movie_id - b.movie_id ||
      Number(a.position) - Number(b.position) ||
      Number(a.provider_id ?? 0) - Number(b.provider_id ?? 0),
  );
  for (const tag of sortedTags) {
    const entry = links.get(tag.movie_id)!;
    if (tag.tag === "g") entry.genres.push(tag.name);
    else if (tag.tag === "c") entry.countries.push(tag.name);
    else if (tag.tag === "flatrate" || tag.tag === "buy" || tag.tag === "rent") {
      const rows = providers.get(tag.movie_id) ?? [];
      rows.push({ type: tag.tag, provider_id: Number(tag.provider_id), name: tag.name, logo_path: tag.logo_path });
      providers.set(tag.movie_id, rows);
    }
  }
  for (const [movieId, rows] of providers) links.get(movieId)!.watchProviders = toWatchProviders(rows);
  for (const credit of credits) links.get(credit.movie_id)!.participants.push(toCredit(credit));
  return new Map([...links].map(([id, l]) => [String(id), l]));
}

/** Full movies for already-read rows, in the rows' order: at most two more queries, none when cached. */
export async function hydrateMovies(db: Kysely<Database>, rows: readonly MovieCoreRow[]): Promise<Movie[]> {
  if (rows.length === 0) return [];
  const token = rows[0]!.catalog_version ?? null;
  const kept = await movieLinks.getMany(
    db,
    { token },
    rows.map((r) => String(r.id)),
    (missing) => fetchLinks(db, missing.map(Number)),
  );
  return rows.map((row) => {
    const links = kept.get(String(row.id))!;
    return toMovie(
      row,
      [...links.genres],
      [...links.countries],
      links.participants.map((p) => ({ ...p })),
      {
        flatrate: links.watchProviders.flatrate.map((p) => ({ ...p })),
        buy: links.watchProviders.buy.map((p) => ({ ...p })),
        rent: links.watchProviders.rent.map((p) => ({ ...p })),
      },
    );
  });
}

/**
 * Full movies for `ids`, in the given order; unknown ids are skipped and repeated ids appear once (first place).
 * At most three queries, whatever the number of ids.
 */
export async function loadMovies(db: Kysely<Database>, ids: readonly number[]): Promise<Movie[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await findMovieRows(db, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return hydrateMovies(
    db,
    unique.flatMap((id) => byId.get(id) ?? []),
  );
}

/** One full movie, or undefined when the id is unknown. */
export async function loadMovie(db: Kysely<Database>, id: number): Promise<Movie | undefined> {
  return (await loadMovies(db, [id]))[0];
}

const movieGenres = defineRegion<string[]>({
  name: "movie-genres",
  share: 0.01,
  stale: { token: "catalog" },
  keeps: "a film's genres, for compact movies (posters in 평가하기 and similar films)",
  sizeOf: (genres) => 48 + genres.join("").length * 2 + genres.length * 16,
});

async function fetchGenres(db: Kysely<Database>, ids: number[]): Promise<Map<string, string[]>> {
  const genres = new Map<string, string[]>(ids.map((id) => [String(id), []]));
  for (const g of await findMovieGenres(db, ids)) genres.get(String(g.movie_id))!.push(g.name);
  return genres;
}

/**
 * Compact movies (posters in a list: 평가하기, similar films) for `ids`, in the given order; unknown ids are skipped
 * and repeated ids appear once. One query for the films' own columns a poster card shows, and their genres from the
 * read cache (one more query for the missing): never credits or synopses, so a page of films nobody asked for lately
 * costs a fraction of `loadMovies`.
 */
export async function loadCompactMovies(db: Kysely<Database>, ids: readonly number[]): Promise<CompactMovie[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await findCompactRows(db, unique);
  if (rows.length === 0) return [];
  const genres = await movieGenres.getMany(
    db,
    { token: rows[0]!.catalog_version ?? null },
    rows.map((r) => String(r.id)),
    (missing) => fetchGenres(db, missing.map(Number)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        title: row.title,
        year: row.year,
        poster_url: posterUrl(row),
        genres: [...(genres.get(String(id)) ?? [])],
        average_rating: averageRating(row),
        ratings_count: row.ratings_count,
      },
    ];
  });
}

/** The tables a Movie as sent reads (its row, its links, the catalog version): a `tables` rule of answers holding them. */
export const MOVIE_TABLES = [
  "movies",
  "credits",
  "people",
  "genres",
  "countries",
  "movie_genres",
  "movie_countries",
  "movie_watch_providers",
  "app_state",
] as const satisfies readonly VersionedTable[];

/** The tables a CompactMovie as sent reads. */
export const COMPACT_MOVIE_TABLES = [
  "movies",
  "movie_genres",
  "genres",
  "app_state",
] as const satisfies readonly VersionedTable[];

/** A compact movie without what ratings move: kept under the catalog version alone. */
const CompactCardFixed = CompactMovie.omit({ average_rating: true, ratings_count: true });

// Poster cards of lists walked at a 평가하기 pace (the queue, similar films, 관심없어요), kept in two layers: each
// film's card as sent until a table it reads changes (one lookup per card while nothing is rated), and the card's
// JSON up to its counters under the catalog version alone, so a card built again after a rating reads only its
// counters (one query for the list's films).
const compactCards = defineRegion<string>({
  name: "compact-cards",
  // ~450 bytes a card: ~11,000 cards, the films members page through in their queues at once.
  share: 0.02,
  stale: { token: "tables", tables: COMPACT_MOVIE_TABLES },
  keeps: "a film's compact card (poster, title, average) as sent",
});
const compactCardParts = defineRegion<string>({
  name: "compact-card-parts",
  // ~400 bytes a part: ~20,000 films (랜덤 and 예상 별점 pages spread over the whole catalog).
  share: 0.03,
  stale: { token: "catalog" },
  keeps: "a film's compact card (poster, title, year, genres) as sent, up to its counters",
});

/** What a card shows that ratings move. */
export type CardCounters = Pick<CompactMovie, "average_rating" | "ratings_count">;

/** Average and count of each of the films (unknown ids left out), read now in one query. */
export async function cardCounters(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, CardCounters>> {
  const rows = await findMovieRatings(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { average_rating: averageRating(r), ratings_count: r.ratings_count }]));
}

/** Each film's card JSON up to its counters, kept under the catalog version (films not in the catalogue left out). */
async function cardParts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<string, string>> {
  const token = await readCatalogVersion(db);
  return compactCardParts.getMany(db, { token }, ids.map(String), async (missing) => {
    const movies = await loadCompactMovies(db, missing.map(Number));
    return new Map(movies.map((movie) => [String(movie.id), answerJson(CompactCardFixed, movie).slice(0, -1)]));
  });
}

/** Cards as sent for films whose kept card went stale: their counters read now, the rest of each card kept. */
async function buildCards(db: Kysely<Database>, ids: number[]): Promise<Map<string, string>> {
  const [counted, parts] = await Promise.all([cardCounters(db, ids), cardParts(db, ids)]);
  const known = ids.filter((id) => counted.has(id));
  const cards = new Map<string, string>();
  for (const id of known) {
    const part = parts.get(String(id));
    const { average_rating: average, ratings_count: count } = counted.get(id)!;
    // The fields CompactMovie declares after the fixed ones, in its order: the card reads as answerJson's would.
    if (part !== undefined)
      cards.set(String(id), `${part},"average_rating":${JSON.stringify(average)},"ratings_count":${count}}`);
  }
  return cards;
}

/**
 * The JSON answer of a list of compact movies for `ids` (in order, unknown ids skipped, repeats once), as
 * compactMoviesJson's, cut where each card's counters go (counted.ts): the cards' fixed parts as kept under the
 * catalog version, nothing read that a rating moves.
 */
export async function compactMoviesCounted(db: Kysely<Database>, ids: readonly number[]): Promise<CountedJson> {
  const unique = [...new Set(ids)];
  const fixed = await cardParts(db, unique);
  const known = unique.filter((id) => fixed.has(String(id)));
  if (known.length === 0) return { parts: ["[]"], films: [], shapes: [] };
  // "[" card 0 up to its counters ",", its counters, "}," card 1 …, its counters, "}]" — as compactMoviesJson reads.
  const parts = known.map((id, i) => `${i === 0 ? "[" : "},"}${fixed.get(String(id))!},`);
  return { parts: [...parts, "}]"], films: known, shapes: known.map(() => 1) };
}

/**
 * The JSON answer of a list of compact movies for `ids` (in order, unknown ids skipped, repeats once): each card
 * from the cache, the missing ones built in one batch.
 */
export async function compactMoviesJson(db: Kysely<Database>, ids: readonly number[]): Promise<string> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return "[]";
  const cards = await compactCards.getMany(db, unique.map(String), (missing) => buildCards(db, missing.map(Number)));
  const parts: string[] = [];
  for (const id of unique) {
    const card = cards.get(String(id));
    if (card !== undefined) parts.push(card);
  }
  return `[${parts.join(",")}]`;
}
