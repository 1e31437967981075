// Movie reads (API.md §4.3): one movie, the windowed catalogue, a batch by ids, and the four charts.
import { CHART_SIZES, CHART_TYPES, type ChartType, MAX_ID, Movie, MOVIE_IDS_BATCH_MAX } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import { answerJson, defineRegion } from "../../cache/index.js";
import type { Database } from "../../db/types.js";
import { invalidField, notFound } from "../../http/errors.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import { parseWindow } from "../../http/window.js";
import { hydrateMovies, loadMovies, MOVIE_TABLES } from "./loader.js";
import { type ChartStampRow, chartMovieRows, chartStampRows, findMovieRow, listMovieRows } from "./repository.js";

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

/**
 * What a Movie answer is built from besides its own row: the catalog version (renewed by every change of links,
 * people and the film's displayed fields, migrations 0005 and 0006) and the counters. Null without a version.
 */
function stampOf(rows: readonly ChartStampRow[]): string | null {
  const version = rows[0]?.catalog_version ?? null;
  if (version === null) return null;
  return `${version}|${rows.map((r) => `${r.id}:${r.rating_sum}:${r.ratings_count}:${r.reviews_count}`).join(",")}`;
}

const MovieList = z.array(Movie);

/** Movie pages and charts as sent: the most read answers, each rebuilt only when its stamp moves. */
const movieAnswers = defineRegion<KeptBody>({
  name: "movies",
  share: 0.05,
  stale: { token: "catalog" },
  keeps: "a movie page (or a chart) as sent, under the catalog version and its films' counters",
  sizeOf: keptBodySize,
});
// Each chart's answer as sent, while none of the tables it reads changed: the chart is then sent without reading its
// stamp again. Kept as bytes with their compressed copies: a chart is tens of kilobytes of JSON, not worth encoding
// to UTF-8 (or compressing) again for every request.
const charts = defineRegion<KeptBody>({
  name: "charts",
  share: 0.01,
  stale: { token: "tables", tables: [...MOVIE_TABLES, "chart_entries"] },
  keeps: "a chart as sent (and its Brotli and gzip bytes), while none of the tables it reads changed",
  sizeOf: keptBodySize,
});

export function createMoviesService(db: Kysely<Database>) {
  /** A chart's current ranking, worst rank first (clients reverse it). */
  async function chart(type: ChartType): Promise<Movie[]> {
    return (await hydrateMovies(db, await chartMovieRows(db, type, CHART_SIZES[type]))).reverse();
  }

  /** `chart_type`, checked (with its exclusion of `ids`); undefined when the query asks for no chart. */
  function chartOf(query: MoviesQuery): ChartType | undefined {
    if (query.chart_type === undefined) return undefined;
    if (!isChartType(query.chart_type)) throw invalidField("chart_type", `must be one of ${CHART_TYPES.join(", ")}`);
    if (query.ids !== undefined) throw invalidField("ids", "cannot be combined with 'chart_type'");
    return query.chart_type;
  }

  async function listMovies(query: MoviesQuery): Promise<Movie[]> {
    const type = chartOf(query);
    if (type !== undefined) return chart(type);
    if (query.ids !== undefined) return loadMovies(db, parseIdList(query.ids));
    return hydrateMovies(db, await listMovieRows(db, parseWindow(query)));
  }

  /**
   * GET /api/movies?chart_type=…, serialised: the table versions alone while none of the chart's tables changed,
   * else one query for the ranking's stamp, and the films read again only when that moved.
   */
  async function chartAsJson(type: ChartType): Promise<KeptBody> {
    return charts.get(db, type, async () => {
      const size = CHART_SIZES[type];
      const token = stampOf(await chartStampRows(db, type, size));
      const build = async () =>
        KeptBody.of(answerJson(MovieList, (await hydrateMovies(db, await chartMovieRows(db, type, size))).reverse()));
      return movieAnswers.get(db, { token }, `chart:${type}`, build);
    });
  }

  /** GET /api/movies/{id}, serialised: one primary-key query, plus the links when the movie is not cached. */
  async function movieAsJson(id: number | null): Promise<KeptBody> {
    const row = id === null ? undefined : await findMovieRow(db, id);
    if (!row) throw notFound("MOVIE_NOT_FOUND");
    const build = async () => KeptBody.of(answerJson(Movie, (await hydrateMovies(db, [row]))[0]!));
    return movieAnswers.get(db, { token: stampOf([row]) }, String(row.id), build);
  }

  return { listMovies, chartOf, chart, chartAsJson, movieAsJson };
}

export type MoviesService = ReturnType<typeof createMoviesService>;
