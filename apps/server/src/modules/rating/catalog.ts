// The catalog as the rating queue and similar films walk it, held in typed arrays: every film by id, its ratings
// count, its genres, and the popularity order (ratings count desc, id asc) overall and per genre. A queue page is
// then a walk down an array skipping the caller's exclusions, whatever the catalog's size. Like the recommender's
// movie totals (recommend/movie-stats.ts), the arrays are rebuilt in the background once older than CATALOG_TTL_S and
// waited for when missing or older than CATALOG_MAX_AGE_S; the pages read from the database in slices, so other
// requests keep flowing. Popularity therefore lags ratings by up to a minute; what a page shows is read fresh.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { indexOfSorted } from "../../lib/sorted.js";
import type { Clock } from "../../lib/time.js";
import { catalogPage, genreLinksPage, genreNames } from "./repository.js";

export const CATALOG_TTL_S = 60;
export const CATALOG_MAX_AGE_S = 600;
const PAGE = 10_000;

export interface Catalog {
  /** Which load this is (a token for answers derived from it, e.g. similar films). */
  generation: number;
  /** Every film id, ascending; the arrays below are aligned with it. */
  ids: Int32Array;
  counts: Int32Array;
  /** Film i's genre ids are genreIds[genreStart[i] … genreStart[i+1]). */
  genreStart: Int32Array;
  genreIds: Int32Array;
  /** Film ids by ratings count desc, id asc. */
  popular: Int32Array;
  /** Per genre id, its films in the popular order. */
  byGenre: Map<number, Int32Array>;
  genreIdByName: Map<string, number>;
  /** Genre names with at least one film, most films first (the 장르별 picker). */
  genres: string[];
}

/** Film ids of a genre in the popular order: undefined for a name the genres table does not hold. */
export function genreOrder(catalog: Catalog, name: string): Int32Array | undefined {
  const id = catalog.genreIdByName.get(name);
  return id === undefined ? undefined : (catalog.byGenre.get(id) ?? new Int32Array(0));
}

export function catalogIndex(catalog: Catalog, movieId: number): number {
  return indexOfSorted(catalog.ids, movieId);
}

const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

async function loadCatalog(db: Kysely<Database>): Promise<Catalog> {
  const ids: number[] = [];
  const counts: number[] = [];
  for (let after = 0; ;) {
    const page = await catalogPage(db, after, PAGE);
    for (const row of page) {
      ids.push(Number(row.id));
      counts.push(Number(row.ratings_count));
    }
    if (page.length < PAGE) break;
    after = Number(page[page.length - 1]!.id);
    await yieldToRequests();
  }
  const idArray = Int32Array.from(ids);
  const genreStart = new Int32Array(ids.length + 1);
  const genreIds: number[] = [];
  let film = 0;
  for (let after = { movieId: 0, genreId: 0 }; ;) {
    const page = await genreLinksPage(db, after, PAGE);
    for (const link of page) {
      const movieId = Number(link.movie_id);
      // Links arrive in film order: close the films before this one.
      while (film < ids.length && ids[film]! < movieId) genreStart[++film] = genreIds.length;
      if (ids[film] === movieId) genreIds.push(Number(link.genre_id));
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { movieId: Number(last.movie_id), genreId: Number(last.genre_id) };
    await yieldToRequests();
  }
  while (film < ids.length) genreStart[++film] = genreIds.length;

  const order = Array.from(ids.keys()).sort((a, b) => counts[b]! - counts[a]! || ids[a]! - ids[b]!);
  const popular = Int32Array.from(order, (i) => ids[i]!);
  const names = new Map((await genreNames(db)).map((g) => [Number(g.id), g.name]));
  const members = new Map<number, number[]>();
  for (const i of order) {
    for (let g = genreStart[i]!; g < genreStart[i + 1]!; g++) {
      let list = members.get(genreIds[g]!);
      if (!list) members.set(genreIds[g]!, (list = []));
      list.push(ids[i]!);
    }
  }
  const byGenre = new Map([...members].map(([id, list]) => [id, Int32Array.from(list)]));
  const genreIdByName = new Map([...names].map(([id, name]) => [name, id]));
  const genres = [...members.keys()]
    .filter((id) => names.has(id))
    .sort((a, b) => members.get(b)!.length - members.get(a)!.length || a - b)
    .map((id) => names.get(id)!);
  return {
    generation: ++generations,
    ids: idArray,
    counts: Int32Array.from(counts),
    genreStart,
    genreIds: Int32Array.from(genreIds),
    popular,
    byGenre,
    genreIdByName,
    genres,
  };
}

let generations = 0;

export function createCatalogCache(db: Kysely<Database>, clock: Clock) {
  let current: Catalog | null = null;
  let loadedAt = 0;
  let loading: Promise<Catalog> | null = null;

  function refresh(): Promise<Catalog> {
    loading ??= loadCatalog(db)
      .then((catalog) => {
        current = catalog;
        loadedAt = clock.now().getTime();
        return catalog;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    async get(): Promise<Catalog> {
      const age = clock.now().getTime() - loadedAt;
      if (current && age >= 0 && age < CATALOG_MAX_AGE_S * 1000) {
        if (age >= CATALOG_TTL_S * 1000) void refresh().catch(() => undefined);
        return current;
      }
      return refresh();
    },
    /** Forgets the arrays (catalog imports in the same process; tests). */
    invalidate(): void {
      current = null;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
