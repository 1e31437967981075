// 비슷한 작품 (GET /api/movies/{id}/similar): films near this one in the served model's movie-factor space — cosine
// similarity shrunk toward films with many ratings (n / (n + SHRINK): a film rated twice has a noisy factor vector, so
// its closeness counts for less) — and, for films the model does not know (no model yet, or first rated after the last
// training), the films sharing the most directors, cast and genres. Never the film itself. Each film's list is kept
// under the served model's id and the catalog arrays it was computed from, as the recommender keeps its per-model
// answers: a new model, or the catalog's next refresh, recomputes it on the next read.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { defineRegion } from "../../cache/index.js";
import { modelRow, type ServedModel, TopK } from "../recommend/index.js";
import { type Catalog, type CatalogCache, catalogIndex } from "./catalog.js";
import { sharedCredits } from "./repository.js";

/** Films kept per list: the largest `limit` plus room for a member's dismissed films among them. */
export const SIMILAR_KEPT = 60;
/** Ratings at which a film's similarity counts half (the shrinkage toward popular films). */
export const SIMILAR_SHRINK = 10;
/** Per genre of the film, this many of the genre's most popular films are fallback candidates. */
const GENRE_CANDIDATES = 300;
const WEIGHTS = { director: 3, cast: 1, genre: 1 } as const;

// Similar films change with the served model and with the catalog arrays (reloaded every few minutes).
const kept = defineRegion<number[]>({
  name: "similar-films",
  share: 0.01,
  stale: { token: "model" },
  keeps: "a film's similar film ids, under the served model and the catalog load",
  sizeOf: (ids) => 64 + ids.length * 8,
});

/** Each model row's ratings count from the catalog arrays (one merge of two ascending id lists), kept per pair. */
const aligned = new WeakMap<ServedModel, { catalog: Catalog; counts: Int32Array }>();

function countsByRow(model: ServedModel, catalog: Catalog): Int32Array {
  const hit = aligned.get(model);
  if (hit?.catalog === catalog) return hit.counts;
  const counts = new Int32Array(model.movieIds.length);
  let c = 0;
  for (let row = 0; row < counts.length; row++) {
    const id = model.movieIds[row]!;
    while (c < catalog.ids.length && catalog.ids[c]! < id) c++;
    if (catalog.ids[c] === id) counts[row] = catalog.counts[c]!;
  }
  aligned.set(model, { catalog, counts });
  return counts;
}

/** Cosine over the factors, shrunk by support; null when the film's vector is all zeros (nothing learned). */
function byFactors(model: ServedModel, target: number, catalog: Catalog, keep: number): number[] | null {
  const k = model.factors;
  const q = model.itemFactors;
  const off = target * k;
  let norm = 0;
  for (let c = 0; c < k; c++) norm += q[off + c]! ** 2;
  if (!(norm > 0)) return null;
  norm = Math.sqrt(norm);
  const counts = countsByRow(model, catalog);
  const top = new TopK(keep);
  for (let row = 0; row < counts.length; row++) {
    const count = counts[row]!;
    if (row === target || count === 0) continue;
    const shrink = count / (count + SIMILAR_SHRINK);
    // |q_row| is stored rounded up (model.ts): the bound may only be loose, never too tight.
    if (shrink < top.threshold()) continue;
    const o = row * k;
    let dot = 0;
    for (let c = 0; c < k; c++) dot += q[off + c]! * q[o + c]!;
    const rowNorm = model.itemNorms[row]!;
    if (rowNorm <= 1e-6) continue;
    const score = (dot / (norm * rowNorm)) * shrink;
    top.offer(model.movieIds[row]!, score, score, 0, count);
  }
  return top.items().map((r) => r.movieId);
}

function genresOf(catalog: Catalog, index: number): Int32Array {
  return index < 0
    ? new Int32Array(0)
    : catalog.genreIds.subarray(catalog.genreStart[index]!, catalog.genreStart[index + 1]!);
}

/** Shared directors, cast and genres, weighted; ties by ratings count desc, then id asc. */
async function byCredits(db: Kysely<Database>, movieId: number, catalog: Catalog, keep: number): Promise<number[]> {
  const scores = new Map<number, number>();
  for (const row of await sharedCredits(db, movieId)) {
    const score = WEIGHTS.director * Number(row.directors) + WEIGHTS.cast * Math.min(5, Number(row.cast));
    if (score > 0) scores.set(Number(row.movie_id), score);
  }
  const mine = genresOf(catalog, catalogIndex(catalog, movieId));
  const candidates = new Set<number>();
  for (const g of mine) {
    const list = catalog.byGenre.get(g) ?? new Int32Array(0);
    for (let i = 0; i < Math.min(GENRE_CANDIDATES, list.length); i++) candidates.add(list[i]!);
  }
  for (const id of candidates) {
    if (id === movieId) continue;
    let shared = 0;
    for (const g of genresOf(catalog, catalogIndex(catalog, id))) if (mine.includes(g)) shared++;
    scores.set(id, (scores.get(id) ?? 0) + WEIGHTS.genre * shared);
  }
  const top = new TopK(keep);
  for (const [id, score] of scores) {
    const index = catalogIndex(catalog, id);
    top.offer(id, score, score, 0, index < 0 ? 0 : catalog.counts[index]!);
  }
  return top.items().map((r) => r.movieId);
}

export function createSimilarFilms(deps: {
  db: Kysely<Database>;
  catalog: CatalogCache;
  currentModel: () => Promise<ServedModel | null>;
}) {
  const { db } = deps;

  /**
   * A film's similar films, best first (up to SIMILAR_KEPT; the film is known to exist), with what they were found
   * from: the model and catalog load.
   */
  async function similarIds(movieId: number): Promise<{ ids: number[]; token: string }> {
    const [model, catalog] = await Promise.all([deps.currentModel(), deps.catalog.get()]);
    const token = `${model?.id ?? 0}:${catalog.generation}`;
    const ids = await kept.get(db, { token }, String(movieId), async () => {
      const row = model ? modelRow(model, movieId) : -1;
      return (
        (model && row >= 0 ? byFactors(model, row, catalog, SIMILAR_KEPT) : null) ??
        (await byCredits(db, movieId, catalog, SIMILAR_KEPT))
      );
    });
    return { ids, token };
  }

  return { similarIds };
}

export type SimilarFilms = ReturnType<typeof createSimilarFilms>;
