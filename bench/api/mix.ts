// The fixed request mix of bench:api: which records it reads (sampled from the benchmark database by popularity, so
// the same data always gives the same mix) and, per endpoint, the rotation of requests the load generator sends.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../apps/server/src/db/types.js";
import { buildQueries, QUERY_TYPES } from "../search/queries.js";
import { Random } from "../shared/random.js";

export interface Fixtures {
  /** The most rated films: the movie pages visitors open. */
  movies: number[];
  /** The film with the most written reviews: its comment list is read in windows of 10. */
  popularMovie: number;
  reviewsOfPopular: number;
  people: number[];
  /** The most active members: profiles and analyses. */
  members: number[];
  /** Films the write mix rates and reviews (popular enough to matter, outside the pages the reads open). */
  writeMovies: number[];
  /** Written reviews of the write films: the like toggles' targets. */
  likeTargets: number[];
  searchQueries: string[];
  /** The genres with the most films: the 장르별 rating queue's choices. */
  genres: string[];
  /** Members the signed-in bench members follow for the feed (issue #21: 200 followed, active ones). */
  followees: number[];
}

const PAGE_MOVIES = 50;
const WRITE_MOVIES = 200;
/** How many members each bench member follows for the feed's endpoint. */
export const FEED_FOLLOWS = 200;

export async function sampleFixtures(db: Kysely<Database>): Promise<Fixtures> {
  const ranked = await db
    .selectFrom("movies")
    .select(["id", "reviews_count"])
    .orderBy("ratings_count", "desc")
    .orderBy("reviews_count", "desc")
    .orderBy("id")
    .limit(PAGE_MOVIES + 100 + WRITE_MOVIES)
    .execute();
  if (ranked.length < PAGE_MOVIES) throw new Error("The benchmark database has too few movies.");
  const movies = ranked.slice(0, PAGE_MOVIES).map((m) => m.id);
  const writeMovies = ranked.slice(PAGE_MOVIES + 100).map((m) => m.id);
  const popular = [...ranked.slice(0, PAGE_MOVIES)].sort(
    (a, b) => b.reviews_count - a.reviews_count || a.id - b.id,
  )[0]!;
  const people = await db
    .selectFrom("people")
    .select("id")
    .orderBy("credits_count", "desc")
    .orderBy("likes_count", "desc")
    .orderBy("id")
    .limit(50)
    .execute();
  const members = await db
    .selectFrom("users")
    .select("id")
    .orderBy("follower_count", "desc")
    .orderBy("review_count", "desc")
    .orderBy("id")
    .limit(50)
    .execute();
  const likeTargets = writeMovies.length
    ? await db
        .selectFrom("reviews")
        .select("id")
        .where("movie_id", "in", writeMovies.slice(0, 50))
        .where(sql<boolean>`content <> ''`)
        .orderBy("id")
        .limit(400)
        .execute()
    : [];
  const genres = await db
    .selectFrom("movie_genres")
    .innerJoin("genres", "genres.id", "movie_genres.genre_id")
    .select(["genres.name", (eb) => eb.fn.countAll<number>().as("films")])
    .groupBy("genres.name")
    .orderBy("films", "desc")
    .orderBy("genres.name")
    .limit(5)
    .execute();
  // Active members (by reviews) beyond the profile pages' 50: whom the feed's readers follow.
  const followees = await db
    .selectFrom("users")
    .select("id")
    .orderBy("review_count", "desc")
    .orderBy("id")
    .offset(50)
    .limit(FEED_FOLLOWS)
    .execute();
  const queries = await buildQueries(db);
  const r = new Random(1010);
  const searchQueries = Array.from({ length: 100 }, () => r.pick(queries[r.pick(QUERY_TYPES)]));
  return {
    movies,
    popularMovie: popular.id,
    reviewsOfPopular: popular.reviews_count,
    people: people.map((p) => p.id),
    members: members.map((m) => m.id),
    writeMovies,
    likeTargets: likeTargets.map((l) => l.id),
    searchQueries,
    genres: genres.map((g) => g.name),
    followees: followees.map((m) => m.id),
  };
}

export interface BenchRequest {
  method: "GET" | "PUT" | "PATCH";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Endpoint {
  name: string;
  /** `session`: a 평가하기 session's mix of queue reads, similar films and rating writes, judged by its p99. */
  kind: "read" | "write" | "session";
  /** The n-th request of this endpoint's run (rotating through its fixtures). */
  request(n: number): BenchRequest;
}

/** Bearer headers of signed-in bench members, one per member. */
export type Bearers = Array<Record<string, string>>;

const json = (bearer: Record<string, string>, body: unknown) => ({
  headers: { ...bearer, "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Which (member, film) pairs have a review before the run: the movie page's "my review" reads find one. */
export function minePairs(f: Fixtures, members: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (let m = 0; m < members; m++) {
    for (let k = 0; k < 10; k++) pairs.push([m, f.movies[(m * 7 + k) % f.movies.length]!]);
  }
  return pairs;
}

/** After how many requests a write endpoint comes back to a (member, film) pair, with the other value. */
export function writeCycle(f: Fixtures, bearers: Bearers): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return (bearers.length * f.writeMovies.length) / gcd(bearers.length, f.writeMovies.length);
}

export function endpoints(f: Fixtures, bearers: Bearers): Endpoint[] {
  const at = <T>(items: readonly T[], n: number) => items[n % items.length]!;
  const member = (n: number) => at(bearers, n);
  // Every other read of an optional-auth endpoint is signed in: personalised flags and blocked-author filtering.
  const maybe = (n: number) => (n % 2 === 0 ? {} : member(n >> 1));
  const pairs = minePairs(f, bearers.length);
  const windowOf = (n: number) => {
    const begin = (n % 20) * 10;
    return `begin=${begin}&end=${begin + 10}&has_content=true`;
  };
  const charts = ["box_office", "watcha_buying", "watcha10", "netflix"];
  const reviewList = (sort: string): Endpoint => ({
    name: `review list (${sort}, 10)`,
    kind: "read",
    request: (n) => ({
      method: "GET",
      path: `/api/reviews/movie/${f.popularMovie}?${windowOf(n)}${sort === "oldest" ? "" : `&sort=${sort}`}`,
      headers: maybe(n),
    }),
  });
  const reads: Endpoint[] = [
    { name: "movie", kind: "read", request: (n) => ({ method: "GET", path: `/api/movies/${at(f.movies, n)}` }) },
    {
      name: "movie: my review",
      kind: "read",
      request: (n) => {
        const [m, movie] = at(pairs, n);
        return { method: "GET", path: `/api/reviews/movie/${movie}/mine`, headers: bearers[m] };
      },
    },
    {
      name: "movie: first comment",
      kind: "read",
      request: (n) => ({
        method: "GET",
        path: `/api/reviews/movie/${at(f.movies, n)}?begin=0&end=1&has_content=true`,
        headers: maybe(n),
      }),
    },
    {
      name: "movie: predicted rating",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/recommend/predict/${at(f.movies, n)}`, headers: member(n) }),
    },
    reviewList("oldest"),
    reviewList("recent"),
    reviewList("likes"),
    {
      name: "charts",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/movies?chart_type=${at(charts, n)}` }),
    },
    {
      name: "person",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/participants/${at(f.people, n)}`, headers: maybe(n) }),
    },
    {
      name: "person: films",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/participants/${at(f.people, n)}/movies?begin=0&end=12` }),
    },
    {
      name: "profile",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/users/profile/${at(f.members, n)}`, headers: maybe(n) }),
    },
    {
      name: "profile: reviews",
      kind: "read",
      request: (n) => ({
        method: "GET",
        path: `/api/reviews/user/${at(f.members, n)}?begin=0&end=10&sort=recent`,
        headers: maybe(n),
      }),
    },
    {
      name: "liked reviews",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/users/likes_review?begin=0&end=10`, headers: member(n) }),
    },
    {
      name: "search (expand)",
      kind: "read",
      request: (n) => ({
        method: "GET",
        // As the web app asks: collection cards embed their 4 posters (movies_limit, API revision 2).
        path: `/api/search?search_q=${encodeURIComponent(at(f.searchQueries, n))}&begin=0&end=10&expand=true&movies_limit=4`,
        headers: maybe(n),
      }),
    },
    {
      name: "analysis: rating",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/analysis/${at(f.members, n)}?search_q=rating` }),
    },
    {
      name: "analysis: preference",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/analysis/${at(f.members, n)}?search_q=preference` }),
    },
    {
      name: "recommend: expect",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/recommend/expect`, headers: member(n) }),
    },
    {
      name: "feed (200 followed, 20)",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/feed?begin=0&end=20`, headers: member(n) }),
    },
    {
      name: "notifications (20)",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/notifications?begin=0&end=20`, headers: member(n) }),
    },
    {
      name: "recommend: difference",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/recommend/difference`, headers: member(n) }),
    },
    // 평가하기 (issue #18): a page of 20 at one of ten depths, per category; similar films of the movie pages.
    ...(["popular", "random", "genre", "predicted"] as const).map((category): Endpoint => ({
      name: `rating queue (${category})`,
      kind: "read",
      request: (n) => {
        const begin = (n % 10) * 20;
        const genre = category === "genre" ? `&genre=${encodeURIComponent(at(f.genres, n >> 3))}` : "";
        return {
          method: "GET",
          path: `/api/rating/queue?category=${category}${genre}&begin=${begin}&end=${begin + 20}`,
          headers: category === "predicted" ? member(n) : maybe(n),
        };
      },
    })),
    {
      name: "similar",
      kind: "read",
      request: (n) => ({ method: "GET", path: `/api/movies/${at(f.movies, n)}/similar`, headers: maybe(n) }),
    },
  ];
  // Writes stay repeatable: ratings move between two values, likes toggle back and forth, texts are rewritten.
  // A (member, film) pair comes back every `cycle` requests with the other value, so every write changes the row.
  const cycle = writeCycle(f, bearers);
  const round = (n: number) => Math.floor(n / cycle);
  const writes: Endpoint[] = [
    {
      name: "write: rating",
      kind: "write",
      request: (n) => ({
        method: "PUT",
        path: `/api/reviews/movie/${at(f.writeMovies, n)}/mine`,
        ...json(member(n), { rating: round(n) % 2 === 0 ? 4 : 3.5 }),
      }),
    },
    {
      name: "write: like toggle",
      kind: "write",
      request: (n) => ({
        method: "PATCH",
        // Consecutive toggles come from different members on different reviews, as on a real site: a member does not
        // toggle 32 likes at once (on PostgreSQL that queued every toggle behind one member row's lock).
        path: `/api/reviews/like/${at(f.likeTargets, n)}`,
        headers: member(n),
      }),
    },
    {
      name: "write: review text",
      kind: "write",
      request: (n) => ({
        method: "PUT",
        path: `/api/reviews/movie/${at(f.writeMovies, n + 97)}/mine`,
        ...json(member(n), {
          content: `벤치마크 코멘트 ${round(n) % 7}: 연출과 연기가 모두 인상적이었어요.`,
          spoiler: n % 10 === 0,
        }),
      }),
    },
  ];
  // A 평가하기 session while others browse: every third request rates a film, between queue pages and similar films.
  const session: Endpoint = {
    name: "rating session (1 write in 3)",
    kind: "session",
    request: (n) => {
      const step = n % 3;
      if (step === 0) {
        const k = Math.floor(n / 3);
        return {
          method: "PUT",
          path: `/api/reviews/movie/${at(f.writeMovies, k + 53)}/mine`,
          ...json(member(k), { rating: round(k) % 2 === 0 ? 4.5 : 2 }),
        };
      }
      if (step === 1) {
        return { method: "GET", path: `/api/rating/queue?begin=0&end=20`, headers: member(n) };
      }
      return { method: "GET", path: `/api/movies/${at(f.movies, n)}/similar` };
    },
  };
  return [...reads, ...writes, session];
}
