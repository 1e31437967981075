// TMDB and KOBIS records for the fakes, shaped like the real answers (typed with tmdb-ts where it has the type).
import type { Cast, Crew, Genre, PersonDetails } from "tmdb-ts";
import type { KobisDailyEntry, KobisMovieInfo } from "../../src/modules/catalog-sync/kobis-client.js";
import type { TmdbConfiguration, TmdbMovieFull, TmdbWatchRegion } from "../../src/modules/catalog-sync/tmdb-client.js";

/** TMDB's /configuration as it answers it (sizes as of 2024; profile_sizes has "h632"). */
export const TMDB_CONFIGURATION: TmdbConfiguration = {
  images: {
    base_url: "http://image.tmdb.org/t/p/",
    secure_base_url: "https://image.tmdb.org/t/p/",
    backdrop_sizes: ["w300", "w780", "w1280", "original"],
    logo_sizes: ["w45", "w92", "w154", "w185", "w300", "w500", "original"],
    poster_sizes: ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
    profile_sizes: ["w45", "w185", "h632", "original"],
    still_sizes: ["w92", "w185", "w300", "original"],
  },
  change_keys: ["adult", "cast", "crew", "genres", "images", "overview", "releases", "runtime", "title"],
};

/** TMDB's /genre/movie/list?language=ko-KR: its 19 movie genres with their Korean names. */
export const TMDB_GENRE_LIST: Genre[] = [
  { id: 28, name: "액션" },
  { id: 12, name: "모험" },
  { id: 16, name: "애니메이션" },
  { id: 35, name: "코미디" },
  { id: 80, name: "범죄" },
  { id: 99, name: "다큐멘터리" },
  { id: 18, name: "드라마" },
  { id: 10751, name: "가족" },
  { id: 14, name: "판타지" },
  { id: 36, name: "역사" },
  { id: 27, name: "공포" },
  { id: 10402, name: "음악" },
  { id: 9648, name: "미스터리" },
  { id: 10749, name: "로맨스" },
  { id: 878, name: "SF" },
  { id: 10770, name: "TV 영화" },
  { id: 53, name: "스릴러" },
  { id: 10752, name: "전쟁" },
  { id: 37, name: "서부" },
];

export function castMember(
  id: number,
  name: string,
  order: number,
  character: string,
  profile: string | null = `/cast-${id}.jpg`,
): Cast {
  return {
    adult: false,
    gender: 2,
    id,
    known_for_department: "Acting",
    name,
    original_name: name,
    popularity: 10,
    profile_path: profile as string,
    cast_id: order + 1,
    character,
    credit_id: `c${id}`,
    order,
  };
}

export function director(id: number, name: string): Crew {
  return {
    adult: false,
    gender: 2,
    id,
    known_for_department: "Directing",
    name,
    original_name: name,
    popularity: 10,
    profile_path: `/crew-${id}.jpg`,
    credit_id: `d${id}`,
    department: "Directing",
    job: "Director",
  };
}

export function person(id: number, name: string, alsoKnownAs: string[], profile: string | null = `/p-${id}.jpg`) {
  const details: PersonDetails = {
    birthday: "1969-09-14",
    known_for_department: "Acting",
    deathday: "",
    id,
    name,
    also_known_as: alsoKnownAs,
    gender: 2,
    biography: "",
    popularity: 10,
    place_of_birth: "Daegu, South Korea",
    profile_path: profile as string,
    adult: false,
    imdb_id: `nm${id}`,
    homepage: "",
  };
  return details;
}

export interface FilmSpec {
  id: number;
  title: string;
  original_title: string;
  release_date: string;
  overview?: string;
  runtime?: number;
  genres?: number[];
  countries?: string[];
  certification?: string;
  imdb_id?: string | null;
  poster_path?: string | null;
  backdrop_path?: string | null;
  directors?: Crew[];
  cast?: Cast[];
  kr?: TmdbWatchRegion;
}

/** A genre as film details name it: from `list` (TMDB's, or a test's with a genre TMDB added). */
export function genreOf(id: number, list: Genre[] = TMDB_GENRE_LIST): Genre {
  return { id, name: list.find((g) => g.id === id)?.name ?? `장르 ${id}` };
}

export function film(spec: FilmSpec): TmdbMovieFull {
  return {
    adult: false,
    backdrop_path: spec.backdrop_path === undefined ? `/backdrop-${spec.id}.jpg` : (spec.backdrop_path as string),
    budget: 0,
    genres: (spec.genres ?? [18]).map((id) => genreOf(id)),
    homepage: "",
    id: spec.id,
    imdb_id: spec.imdb_id ?? null,
    original_language: "ko",
    original_title: spec.original_title,
    overview: spec.overview ?? `${spec.title}의 줄거리.`,
    popularity: 100,
    poster_path: spec.poster_path === undefined ? `/poster-${spec.id}.jpg` : (spec.poster_path as string),
    production_companies: [],
    production_countries: (spec.countries ?? ["KR"]).map((code) => ({
      iso_3166_1: code as "US",
      name: code,
    })),
    release_date: spec.release_date,
    revenue: 0,
    runtime: spec.runtime ?? 120,
    spoken_languages: [],
    status: "Released",
    tagline: "",
    title: spec.title,
    video: false,
    vote_average: 7.5,
    vote_count: 1000,
    credits: { id: spec.id, cast: spec.cast ?? [], crew: spec.directors ?? [] },
    release_dates: {
      id: spec.id,
      results: spec.certification
        ? [
            {
              iso_3166_1: "KR" as "US",
              release_dates: [
                {
                  certification: spec.certification,
                  descriptors: [],
                  iso_639_1: "",
                  note: "",
                  release_date: `${spec.release_date}T00:00:00.000Z`,
                  type: 3,
                },
              ],
            },
          ]
        : [],
    },
    external_ids: { id: spec.id, imdb_id: spec.imdb_id ?? "" },
    "watch/providers": { results: spec.kr ? { KR: spec.kr } : {} },
  };
}

export function boxOfficeEntry(rank: number, movieCd: string, movieNm: string, openDt: string): KobisDailyEntry {
  return {
    rnum: String(rank),
    rank: String(rank),
    rankInten: "0",
    rankOldAndNew: "OLD",
    movieCd,
    movieNm,
    openDt,
    salesAmt: "1000000000",
    audiCnt: "100000",
    audiAcc: "1000000",
    scrnCnt: "1000",
    showCnt: "5000",
  };
}

export function kobisInfo(movieCd: string, movieNm: string, openDt: string, directors: string[]): KobisMovieInfo {
  return {
    movieCd,
    movieNm,
    movieNmEn: "",
    movieNmOg: "",
    showTm: "120",
    prdtYear: openDt.slice(0, 4),
    openDt,
    nations: [{ nationNm: "한국" }],
    genres: [{ genreNm: "드라마" }],
    directors: directors.map((peopleNm) => ({ peopleNm, peopleNmEn: "" })),
    actors: [],
    audits: [{ auditNo: "2019-MF00001", watchGradeNm: "15세이상관람가" }],
  };
}
