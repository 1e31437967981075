// Movie reads (API.md §4.3): one movie, the windowed catalogue, a batch by ids, and the four charts.
import {
  CHART_SIZES,
  CHART_TYPES,
  type ChartType,
  MAX_ID,
  MOVIE_IDS_BATCH_MAX,
  type Movie,
} from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { invalidField, notFound } from "../../http/errors.js";
import { parseWindow } from "../../http/window.js";
import { hydrateMovies, loadMovie, loadMovies } from "./loader.js";
import { chartMovieRows, listMovieRows } from "./repository.js";

export interface MoviesQuery {
  chart_type?: string;
  ids?: string;
  begin?: string;
  end?: string;
}

function isChartType(value: string): value is ChartType {
  return (CHART_TYPES as readonly string[]).includes(value);
}

/** `ids=1,2,3`: at most 100 as sent; ids above 2³¹−1 are well-formed but unknown, so they are dropped here. */
export function parseIdList(raw: string): number[] {
  const parts = raw.split(",");
  if (raw === "") throw invalidField("ids", "must list at least one id");
  if (parts.length > MOVIE_IDS_BATCH_MAX) throw invalidField("ids", `must list at most ${MOVIE_IDS_BATCH_MAX} ids`);
  const ids: number[] = [];
  for (const part of parts) {
    if (!/^[0-9]+$/.test(part)) throw invalidField("ids", "must be comma-separated non-negative integers");
    if (part.length <= 10 && Number(part) <= MAX_ID) ids.push(Number(part));
  }
  return ids;
}

export function createMoviesService(db: Kysely<Database>) {
  /** A chart's current ranking, worst rank first (clients reverse it). */
  async function chart(type: ChartType): Promise<Movie[]> {
    return (await hydrateMovies(db, await chartMovieRows(db, type, CHART_SIZES[type]))).reverse();
  }

  async function listMovies(query: MoviesQuery): Promise<Movie[]> {
    if (query.chart_type !== undefined) {
      if (!isChartType(query.chart_type)) throw invalidField("chart_type", `must be one of ${CHART_TYPES.join(", ")}`);
      if (query.ids !== undefined) throw invalidField("ids", "cannot be combined with 'chart_type'");
      return chart(query.chart_type);
    }
    if (query.ids !== undefined) return loadMovies(db, parseIdList(query.ids));
    return hydrateMovies(db, await listMovieRows(db, parseWindow(query)));
  }

  async function getMovie(id: number | null): Promise<Movie> {
    const movie = id === null ? undefined : await loadMovie(db, id);
    if (!movie) throw notFound("MOVIE_NOT_FOUND");
    return movie;
  }

  return { listMovies, getMovie, chart };
}

export type MoviesService = ReturnType<typeof createMoviesService>;
