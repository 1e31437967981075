// Charts from real sources: the box office from KOBIS's daily box office, the streaming (netflix) and purchase
// (watcha_buying) charts from TMDB's KR watch providers (/discover/movie with watch_region=KR; data by JustWatch).
// KOBIS films are matched to the catalog by KOBIS code, then by Korean title + opening year + director, else found
// through TMDB search and synced; a film found nowhere is reported and left out of the chart. Films synced for a chart
// are mapped with TMDB's genre list (genres.ts), whose unknown genres the summary reports.
import { CHART_SIZES } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { inTransaction } from "../../lib/transaction.js";
import type { Clock } from "../../lib/time.js";
import { toTimestamp } from "../../lib/time.js";
import { GenreVocabulary } from "./genres.js";
import type { KobisClient, KobisMovieInfo } from "./kobis-client.js";
import { movieIdByKobisCode, movieIdByTmdb, replaceChartEntries } from "./repository/index.js";
import { syncFilm } from "./sync.js";
import type { TmdbClient } from "./tmdb-client.js";
import { looseKey } from "./vocabulary.js";
import { findCatalogMatch, linkKobisCode } from "./writer.js";

type Db = Kysely<Database>;

export type RealChart = "box_office" | "netflix" | "watcha_buying";
export const REAL_CHARTS: readonly RealChart[] = ["box_office", "netflix", "watcha_buying"];

export interface ChartDeps {
  db: Db;
  clock: Clock;
  tmdb?: TmdbClient;
  kobis?: KobisClient;
}

export interface ChartSummary {
  chart: RealChart;
  /** Ranked films written to the chart. */
  entries: number;
  /** Films the sync had to fetch first. */
  created: number;
  /** Source entries that matched no film (left out). */
  unmatched: string[];
  /** KOBIS date (YYYYMMDD) of a box-office chart. */
  date?: string;
  /** TMDB genres the catalog's vocabulary lacks, seen in the chart's films ("10999 새 장르"). */
  unknownGenres?: string[];
}

/** TMDB discover parameters of each streaming chart (KR; 8 = Netflix). */
const DISCOVER: Record<Exclude<RealChart, "box_office">, Record<string, string>> = {
  netflix: {
    watch_region: "KR",
    with_watch_providers: "8",
    with_watch_monetization_types: "flatrate",
    sort_by: "popularity.desc",
  },
  watcha_buying: { watch_region: "KR", with_watch_monetization_types: "buy", sort_by: "popularity.desc" },
};

/** Yesterday in Korea (KOBIS publishes a day's box office the next morning), as YYYYMMDD. */
export function kstYesterday(now: Date): string {
  const kst = new Date(now.getTime() + 9 * 3_600_000 - 86_400_000);
  return kst.toISOString().slice(0, 10).replace(/-/g, "");
}

/** Replaces a stored chart with films in rank order (rank 1 first), in one transaction. */
export async function replaceChart(db: Db, chart: RealChart, movieIds: number[], now: Date): Promise<void> {
  const ids = [...new Set(movieIds)].slice(0, CHART_SIZES[chart]);
  const updated_at = toTimestamp(now);
  await inTransaction(db, (trx) => replaceChartEntries(trx, chart, ids, updated_at));
}

const yearOf = (text: string | undefined): number | undefined => {
  const year = Number((text ?? "").trim().slice(0, 4));
  return Number.isInteger(year) && year > 1870 ? year : undefined;
};

/** A KOBIS film found in TMDB: a search by Korean title (and opening year), the best-matching title first. */
async function tmdbIdFor(tmdb: TmdbClient, name: string, year: number | undefined, info?: KobisMovieInfo) {
  const titles = new Set([name, info?.movieNmEn, info?.movieNmOg].filter((t): t is string => !!t).map(looseKey));
  for (const attempt of year === undefined ? [undefined] : [year, undefined]) {
    const results = (await tmdb.search(name, attempt)).results ?? [];
    const exact = results.find(
      (r) => titles.has(looseKey(r.title ?? "")) || titles.has(looseKey(r.original_title ?? "")),
    );
    if (exact) return exact.id;
  }
  return undefined;
}

export async function syncBoxOffice(
  deps: ChartDeps,
  date?: string,
  genres = new GenreVocabulary(),
): Promise<ChartSummary> {
  if (!deps.kobis) throw new Error("KOBIS_API_KEY is not set");
  const targetDate = date ?? kstYesterday(deps.clock.now());
  const entries = await deps.kobis.dailyBoxOffice(targetDate);
  const summary: ChartSummary = { chart: "box_office", entries: 0, created: 0, unmatched: [], date: targetDate };
  const ranked: number[] = [];
  for (const entry of entries) {
    try {
      const id = await boxOfficeFilm(deps, entry.movieCd, entry.movieNm, entry.openDt, summary, genres);
      if (id === undefined) summary.unmatched.push(`${entry.movieNm} (${entry.movieCd})`);
      else ranked.push(id);
    } catch (error) {
      summary.unmatched.push(`${entry.movieNm} (${entry.movieCd}): ${(error as Error).message}`);
    }
  }
  // A day whose films all failed (an outage) keeps the chart as it was.
  if (ranked.length > 0 || entries.length === 0) await replaceChart(deps.db, "box_office", ranked, deps.clock.now());
  summary.entries = ranked.length;
  return summary;
}

async function boxOfficeFilm(
  deps: ChartDeps,
  code: string,
  name: string,
  openDt: string,
  summary: ChartSummary,
  genres: GenreVocabulary,
): Promise<number | undefined> {
  const byCode = await movieIdByKobisCode(deps.db, code);
  if (byCode !== undefined) return byCode;
  // Details help matching but are not required: a code KOBIS cannot describe is still searched for by title.
  const info = await deps.kobis!.movieInfo(code).catch(() => undefined);
  const year = yearOf(openDt) ?? yearOf(info?.openDt) ?? yearOf(info?.prdtYear);
  if (year !== undefined) {
    const directors = (info?.directors ?? []).map((d) => ({ name: d.peopleNm, original_name: d.peopleNmEn ?? null }));
    const matched = await findCatalogMatch(
      deps.db,
      { title: name, original_title: info?.movieNmOg || name, english_title: info?.movieNmEn || null, year },
      directors,
      "kobis_code",
    );
    if (matched !== undefined) {
      await linkKobisCode(deps.db, matched, code);
      return matched;
    }
  }
  if (!deps.tmdb) return undefined;
  const tmdbId = await tmdbIdFor(deps.tmdb, name, year, info);
  if (tmdbId === undefined) return undefined;
  const known = await movieIdByTmdb(deps.db, tmdbId);
  if (known !== undefined) {
    await linkKobisCode(deps.db, known, code);
    return known;
  }
  const { movieId } = await syncFilm({ db: deps.db, tmdb: deps.tmdb, clock: deps.clock, genres }, tmdbId, {
    kobisCode: code,
  });
  summary.created++;
  return movieId;
}

export async function syncStreamingChart(
  deps: ChartDeps,
  chart: Exclude<RealChart, "box_office">,
  genres = new GenreVocabulary(),
): Promise<ChartSummary> {
  if (!deps.tmdb) throw new Error("TMDB_API_KEY is not set");
  const size = CHART_SIZES[chart];
  const tmdbIds: number[] = [];
  for (let page = 1; tmdbIds.length < size && page <= 10; page++) {
    const answer = await deps.tmdb.discover({ ...DISCOVER[chart], page });
    for (const movie of answer.results ?? []) {
      if (typeof movie?.id === "number" && !tmdbIds.includes(movie.id)) {
        tmdbIds.push(movie.id);
        genres.names(movie.genre_ids); // a genre the vocabulary lacks is reported even for films we already have
      }
    }
    if (page >= (answer.total_pages ?? 1)) break;
  }
  const summary: ChartSummary = { chart, entries: 0, created: 0, unmatched: [] };
  const ranked: number[] = [];
  for (const tmdbId of tmdbIds.slice(0, size)) {
    try {
      let id = await movieIdByTmdb(deps.db, tmdbId);
      if (id === undefined) {
        id = (await syncFilm({ db: deps.db, tmdb: deps.tmdb, clock: deps.clock, genres }, tmdbId)).movieId;
        summary.created++;
      }
      ranked.push(id);
    } catch (error) {
      summary.unmatched.push(`TMDB ${tmdbId}: ${(error as Error).message}`);
    }
  }
  if (ranked.length > 0 || tmdbIds.length === 0) await replaceChart(deps.db, chart, ranked, deps.clock.now());
  summary.entries = ranked.length;
  return summary;
}

export async function syncChart(deps: ChartDeps, chart: RealChart, date?: string): Promise<ChartSummary> {
  const genres = deps.tmdb ? await GenreVocabulary.load(deps.tmdb) : new GenreVocabulary();
  const summary =
    chart === "box_office" ? await syncBoxOffice(deps, date, genres) : await syncStreamingChart(deps, chart, genres);
  const unknownGenres = genres.report();
  return unknownGenres.length ? { ...summary, unknownGenres } : summary;
}
