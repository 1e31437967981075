// The TMDB v3 endpoints the sync uses, typed with tmdb-ts's response types. A v4 read access token (a JWT) is sent
// as a bearer token, a v3 key as `api_key`. Korean first: every call asks for language=ko-KR (and region=KR where
// TMDB takes it); the caller asks again in English for fields TMDB has no Korean text for.
import type {
  Buy,
  Configuration,
  Credits,
  ExternalIds,
  Flatrate,
  Genre,
  ImageConfiguration,
  MediaChanges,
  Movie,
  MovieDetails,
  PersonDetails,
  PopularMovies,
  ReleaseDates,
  Rent,
  Search,
} from "tmdb-ts";
import { HttpClient, type HttpClientOptions, HttpError } from "./http.js";

/** One country's offers in /movie/{id}/watch/providers (TMDB's data comes from JustWatch). */
export interface TmdbWatchRegion {
  link?: string;
  flatrate?: Flatrate[];
  buy?: Buy[];
  rent?: Rent[];
}

/** /movie/{id}?append_to_response=credits,release_dates,external_ids,watch/providers */
export type TmdbMovieFull = MovieDetails & {
  credits?: Credits;
  release_dates?: ReleaseDates;
  external_ids?: Partial<ExternalIds>;
  "watch/providers"?: { results?: Partial<Record<string, TmdbWatchRegion>> };
};

type SizeLists = "backdrop_sizes" | "logo_sizes" | "poster_sizes" | "profile_sizes" | "still_sizes";

/**
 * /configuration as tmdb-ts types it, but with the size lists as plain strings: TMDB's profile sizes include "h632"
 * (tmdb-ts says "w632"), and TMDB may add sizes.
 */
export type TmdbConfiguration = Omit<Configuration, "images"> & {
  images: Omit<ImageConfiguration, SizeLists> & Record<SizeLists, string[]>;
};

export interface TmdbFindResult {
  movie_results: Movie[];
}

export interface TmdbConfig {
  apiKey: string;
  baseUrl: string;
}

/** A v4 read access token is a JWT (three base64url parts); anything else is a v3 api key. */
export function isV4Token(key: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(key);
}

/** How long a client keeps /configuration and /genre/movie/list: TMDB changes them rarely and asks clients to cache. */
export const REFERENCE_TTL_MS = 24 * 3_600_000;

export class TmdbClient {
  readonly http: HttpClient;
  private readonly v4: boolean;
  /** Answers kept for REFERENCE_TTL_MS (a failed request is not kept), by path and query. */
  private readonly kept = new Map<string, { until: number; answer: Promise<unknown> }>();

  constructor(
    private readonly config: TmdbConfig,
    http: Partial<HttpClientOptions> = {},
  ) {
    this.v4 = isV4Token(config.apiKey);
    this.http = new HttpClient({
      ...http,
      headers: { ...http.headers, ...(this.v4 ? { authorization: `Bearer ${config.apiKey}` } : {}) },
    });
  }

  private url(path: string, params: Record<string, string | number | undefined>): string {
    const url = new URL(`${this.config.baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    if (!this.v4) url.searchParams.set("api_key", this.config.apiKey);
    return url.toString();
  }

  private get<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
    return this.http.getJson<T>(this.url(path, params));
  }

  /** One request per REFERENCE_TTL_MS; callers at the same time share it. */
  private keep<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
    const key = `${path} ${JSON.stringify(params)}`;
    const hit = this.kept.get(key);
    if (hit && hit.until > Date.now()) return hit.answer as Promise<T>;
    const answer = this.get<T>(path, params);
    this.kept.set(key, { until: Date.now() + REFERENCE_TTL_MS, answer });
    answer.catch(() => {
      if (this.kept.get(key)?.answer === answer) this.kept.delete(key);
    });
    return answer;
  }

  /** The image base URL and the sizes TMDB serves (kept for a day). */
  configuration(): Promise<TmdbConfiguration> {
    return this.keep("/configuration");
  }

  /** TMDB's movie genres with their names in `language` (kept for a day). */
  genres(language = "ko-KR"): Promise<{ genres: Genre[] }> {
    return this.keep("/genre/movie/list", { language });
  }

  popular(page: number): Promise<PopularMovies> {
    return this.get("/movie/popular", { language: "ko-KR", region: "KR", page });
  }

  discover(params: Record<string, string | number>): Promise<PopularMovies> {
    return this.get("/discover/movie", { language: "ko-KR", region: "KR", ...params });
  }

  /** The full film in Korean; undefined when TMDB does not know the id (404). */
  async movie(id: number, language = "ko-KR"): Promise<TmdbMovieFull | undefined> {
    try {
      return await this.get<TmdbMovieFull>(`/movie/${id}`, {
        language,
        append_to_response: "credits,release_dates,external_ids,watch/providers",
      });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** The bare film in another language (the English fallback of empty Korean fields). */
  movieIn(id: number, language: string): Promise<MovieDetails> {
    return this.get(`/movie/${id}`, { language });
  }

  person(id: number): Promise<PersonDetails> {
    return this.get(`/person/${id}`, { language: "ko-KR" });
  }

  /** Films changed between the dates (YYYY-MM-DD, at most 14 days apart). */
  changes(startDate: string, endDate: string, page: number): Promise<MediaChanges> {
    return this.get("/movie/changes", { start_date: startDate, end_date: endDate, page });
  }

  findByImdb(imdbId: string): Promise<TmdbFindResult> {
    return this.get(`/find/${encodeURIComponent(imdbId)}`, { external_source: "imdb_id", language: "ko-KR" });
  }

  search(query: string, year?: number): Promise<Search<Movie>> {
    return this.get("/search/movie", { query, language: "ko-KR", region: "KR", year });
  }
}
