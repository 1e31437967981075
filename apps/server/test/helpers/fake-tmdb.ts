// Protocol fakes of TMDB v3 and KOBIS on 127.0.0.1 for the catalog-sync tests and bench:sync. They answer the
// endpoints docs/catalog-sync.md lists with records shaped (and typed, via tmdb-ts) like the real answers, page
// lists 20 at a time, and can be scripted per path to answer 429 with Retry-After, 500, hang (a timeout) or
// malformed JSON, and to add latency to every answer.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Genre, Movie, MovieDetails, PersonDetails } from "tmdb-ts";
import type { KobisDailyEntry, KobisMovieInfo } from "../../src/modules/catalog-sync/kobis-client.js";
import type { TmdbConfiguration, TmdbMovieFull } from "../../src/modules/catalog-sync/tmdb-client.js";
import { TMDB_CONFIGURATION, TMDB_GENRE_LIST } from "./tmdb-fixtures.js";

export type Scripted = { status: number; retryAfter?: number; body?: string } | "hang";

export interface FakeTmdbData {
  /** Korean answers of /movie/{id} (with the appended parts). */
  movies: Map<number, TmdbMovieFull>;
  /** English answers of /movie/{id}?language=en-US, when they differ. */
  english?: Map<number, Partial<MovieDetails>>;
  people: Map<number, PersonDetails>;
  popular: number[];
  /** /discover/movie by with_watch_monetization_types (flatrate, buy). */
  discover?: Record<string, number[]>;
  changes?: number[];
  /** /search/movie by query. */
  search?: Record<string, number[]>;
  /** /configuration (default: TMDB's, TMDB_CONFIGURATION). */
  configuration?: TmdbConfiguration;
  /** /genre/movie/list in Korean (default: TMDB's 19 genres, TMDB_GENRE_LIST). */
  genres?: Genre[];
  /** Films and people made up on demand (the benchmark's large catalogue). */
  generateMovie?: (id: number) => TmdbMovieFull | undefined;
  generatePerson?: (id: number) => PersonDetails | undefined;
}

export interface FakeServer {
  url: string;
  /** Every request's path and query, in arrival order. */
  requests: string[];
  /** Answers to give, in order, to the next requests whose path starts with the key. */
  script: Map<string, Scripted[]>;
  latencyMs: number;
  close(): Promise<void>;
}

const PAGE = 20;

function summary(movie: TmdbMovieFull): Movie {
  return {
    id: movie.id,
    title: movie.title,
    original_title: movie.original_title,
    original_language: movie.original_language,
    overview: movie.overview,
    release_date: movie.release_date,
    poster_path: movie.poster_path ?? "",
    backdrop_path: movie.backdrop_path,
    genre_ids: (movie.genres ?? []).map((g) => g.id),
    adult: false,
    popularity: movie.popularity,
    vote_count: movie.vote_count,
    vote_average: movie.vote_average,
    video: false,
  };
}

/** One page of a list; `toResult` runs on that page's items only (lists may hold 10,000 generated films). */
function paged<T, R = T>(items: T[], page: number, toResult: (items: T[]) => R[] = (i) => i as unknown as R[]) {
  return {
    page,
    results: toResult(items.slice((page - 1) * PAGE, page * PAGE)),
    total_pages: Math.max(1, Math.ceil(items.length / PAGE)),
    total_results: items.length,
  };
}

async function listen(
  handler: (url: URL) => unknown,
  authorised: (req: http.IncomingMessage, url: URL) => boolean,
): Promise<FakeServer> {
  const sockets = new Set<Socket>();
  const fake: FakeServer = {
    url: "",
    requests: [],
    script: new Map(),
    latencyMs: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    fake.requests.push(`${url.pathname}${url.search}`);
    const respond = () => {
      const scripted = [...fake.script.entries()].find(
        ([prefix, queue]) => url.pathname.startsWith(prefix) && queue.length,
      );
      const next = scripted?.[1].shift();
      if (next === "hang") return; // never answers: the client's timeout must fire
      if (next) {
        res.writeHead(next.status, {
          "content-type": "application/json",
          ...(next.retryAfter !== undefined ? { "retry-after": String(next.retryAfter) } : {}),
        });
        res.end(next.body ?? JSON.stringify({ status_code: next.status, status_message: "scripted" }));
        return;
      }
      if (!authorised(req, url)) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ status_code: 7, status_message: "Invalid API key", success: false }));
        return;
      }
      const body = handler(url);
      if (body === undefined) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ status_code: 34, status_message: "The resource could not be found.", success: false }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "application/json;charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (fake.latencyMs > 0) setTimeout(respond, fake.latencyMs);
    else respond();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export const FAKE_TMDB_KEY = "fake-tmdb-v3-key";
export const FAKE_KOBIS_KEY = "fake-kobis-key";

export function startFakeTmdb(data: FakeTmdbData): Promise<FakeServer> {
  const movie = (id: number) => data.movies.get(id) ?? data.generateMovie?.(id);
  const person = (id: number) => data.people.get(id) ?? data.generatePerson?.(id);
  const listed = (ids: number[]) => ids.flatMap((id) => movie(id) ?? []).map(summary);
  return listen(
    (url) => {
      const page = Number(url.searchParams.get("page") ?? "1");
      const path = url.pathname.replace(/^\/3/, "");
      if (path === "/configuration") return data.configuration ?? TMDB_CONFIGURATION;
      if (path === "/genre/movie/list") {
        const genres: Genre[] = data.genres ?? TMDB_GENRE_LIST;
        return { genres };
      }
      if (path === "/movie/popular") return paged(data.popular, page, listed);
      if (path === "/movie/changes")
        return paged(
          (data.changes ?? []).map((id) => ({ id, adult: false })),
          page,
        );
      if (path === "/discover/movie") {
        return paged(data.discover?.[url.searchParams.get("with_watch_monetization_types") ?? ""] ?? [], page, listed);
      }
      if (path === "/search/movie")
        return paged(data.search?.[url.searchParams.get("query") ?? ""] ?? [], page, listed);
      const film = /^\/movie\/([0-9]+)$/.exec(path);
      if (film) {
        const found = movie(Number(film[1]));
        if (!found) return undefined;
        if (url.searchParams.get("language") === "en-US") {
          const { credits: _c, release_dates: _r, external_ids: _e, "watch/providers": _w, ...bare } = found;
          return { ...bare, ...data.english?.get(found.id) };
        }
        return found;
      }
      const find = /^\/find\/(tt[0-9]+)$/.exec(path);
      if (find) {
        const found = [...data.movies.values()].filter((m) => m.imdb_id === find[1]);
        return { movie_results: found.map(summary), person_results: [], tv_results: [] };
      }
      const who = /^\/person\/([0-9]+)$/.exec(path);
      if (who) return person(Number(who[1]));
      return undefined;
    },
    (req, url) =>
      url.searchParams.get("api_key") === FAKE_TMDB_KEY || req.headers.authorization === `Bearer ${FAKE_TMDB_KEY}`,
  );
}

export interface FakeKobisData {
  daily: Record<string, KobisDailyEntry[]>;
  info: Map<string, KobisMovieInfo>;
}

export function startFakeKobis(data: FakeKobisData): Promise<FakeServer> {
  return listen(
    (url) => {
      if (url.pathname.endsWith("/boxoffice/searchDailyBoxOfficeList.json")) {
        const date = url.searchParams.get("targetDt") ?? "";
        return {
          boxOfficeResult: {
            boxofficeType: "일별 박스오피스",
            showRange: `${date}~${date}`,
            dailyBoxOfficeList: data.daily[date] ?? [],
          },
        };
      }
      if (url.pathname.endsWith("/movie/searchMovieInfo.json")) {
        const info = data.info.get(url.searchParams.get("movieCd") ?? "");
        return info
          ? { movieInfoResult: { movieInfo: info, source: "영화진흥위원회" } }
          : { faultInfo: { message: "영화코드가 존재하지 않습니다.", errorCode: "320011" } };
      }
      return undefined;
    },
    (_req, url) => url.searchParams.get("key") === FAKE_KOBIS_KEY,
  );
}
