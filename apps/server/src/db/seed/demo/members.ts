// Demo members and their reviews: taste clusters over genres, a popularity skew over films, per-member rating bias
// and half-star habits, want-to-see and watching marks, and Korean review texts (some with spoilers).
import { demoUsernames, STATUS_MESSAGES } from "./names.js";
import type { DemoMovie, DemoReview, DemoUser } from "./model.js";
import type { Prng } from "./prng.js";
import { reviewText, spoilerText, statusText } from "./texts.js";

export const DAY_MS = 86_400_000;
/** Demo activity spans this many days before the seeding clock. */
export const ACTIVITY_DAYS = 60;

const CLUSTERS: Array<Record<string, number>> = [
  { 액션: 1, SF: 0.9, 모험: 0.8, 범죄: 0.4, 판타지: 0.5, 로맨스: -0.5, 뮤지컬: -0.6, 드라마: -0.2 },
  { 드라마: 0.8, 로맨스: 1, 뮤지컬: 0.7, 음악: 0.7, 가족: 0.4, 공포: -0.8, 범죄: -0.3, 액션: -0.4 },
  { 스릴러: 1, 범죄: 0.9, 미스터리: 0.9, 공포: 0.8, 느와르: 0.8, 가족: -0.6, 로맨스: -0.5, 뮤지컬: -0.5 },
  { 애니메이션: 1, 가족: 0.9, 판타지: 0.8, 코미디: 0.5, 모험: 0.5, 공포: -0.9, 느와르: -0.6, 전쟁: -0.4 },
  { 드라마: 0.7, 역사: 0.8, 전쟁: 0.7, 전기: 0.8, 코미디: -0.3, 애니메이션: -0.4, SF: -0.2 },
  { 코미디: 1, 로맨스: 0.4, 가족: 0.3, 액션: 0.3, 공포: -0.5, 전쟁: -0.5, 역사: -0.3 },
];
const ALL_GENRES = [...new Set(CLUSTERS.flatMap((c) => Object.keys(c)))];

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** A moment in the activity window, more often recent than old. */
export function activityTime(rng: Prng, now: number): number {
  return now - Math.floor(ACTIVITY_DAYS * DAY_MS * rng.next() ** 1.25) - 1000;
}

export function between(rng: Prng, from: number, to: number): number {
  return from + Math.floor((Math.max(from, to) - from) * rng.next());
}

export function affinity(user: DemoUser, movie: DemoMovie): number {
  if (movie.genres.length === 0) return 0;
  return movie.genres.reduce((sum, g) => sum + (user.prefs.get(g) ?? 0), 0) / movie.genres.length;
}

export function createUsers(rng: Prng, count: number, now: number, taken: ReadonlySet<string>): DemoUser[] {
  return demoUsernames(rng, count, taken).map((username) => {
    const cluster = rng.pick(CLUSTERS);
    const prefs = new Map(ALL_GENRES.map((g) => [g, (cluster[g] ?? 0) + rng.normal(0, 0.25)]));
    return {
      id: 0,
      at: now - (ACTIVITY_DAYS + rng.int(1, 400)) * DAY_MS - rng.int(0, DAY_MS),
      username,
      statusMessage: rng.chance(0.4) ? rng.pick(STATUS_MESSAGES) : null,
      activity: Math.exp(rng.normal(0, 0.8)),
      prefs,
    };
  });
}

/** Popularity and quality per film: Korean, recent and charted films are seen most; classics are rated highest. */
export function filmTraits(rng: Prng, movies: readonly DemoMovie[]) {
  return movies.map((m) => {
    const recency = m.year >= 2015 ? 0.5 : m.year >= 2000 ? 0.25 : 0;
    const popularity = Math.exp(rng.normal(0, 0.6) + (m.korean ? 0.5 : 0) + recency + (m.charted ? 0.9 : 0));
    const quality = clamp(rng.normal(3.35, 0.45) + (m.classic ? 0.45 : 0) + (m.charted ? 0.1 : 0), 1.6, 4.7);
    return { popularity, quality };
  });
}

function halfStar(rng: Prng, raw: number, wholeHabit: number): number {
  let rating = Math.round(clamp(raw, 0.5, 5) * 2) / 2;
  if (rating % 1 !== 0 && rng.chance(wholeHabit)) rating = rng.chance(0.5) ? rating - 0.5 : rating + 0.5;
  return clamp(rating, rating === 0 ? 1 : 0.5, 5);
}

export function createReviews(rng: Prng, users: DemoUser[], movies: DemoMovie[], now: number): DemoReview[] {
  const traits = filmTraits(rng, movies);
  const reviews: DemoReview[] = [];
  for (const user of users) {
    const count = clamp(Math.round(Math.exp(rng.normal(3.2, 0.85))), 3, Math.min(220, movies.length));
    const bias = rng.normal(0, 0.35);
    const wholeHabit = 0.1 + rng.next() * 0.4;
    const verbosity = 0.04 + 0.5 * rng.next() ** 2;
    const weights = movies.map((m, i) => traits[i]!.popularity * Math.exp(1.2 * affinity(user, m)));
    const chosen = rng.weightedSample(
      movies.map((_, i) => i),
      weights,
      count,
    );
    for (const index of chosen) {
      const movie = movies[index]!;
      const at = Math.max(activityTime(rng, now), user.at + DAY_MS);
      const roll = rng.next();
      const lead = movie.leads.length ? rng.pick(movie.leads) : null;
      const ctx = {
        director: movie.director?.name ?? null,
        actor: lead?.name ?? null,
        character: lead?.character ?? null,
        genre: movie.genres[0] ?? "영화",
      };
      const review: DemoReview = {
        id: 0,
        at,
        updatedAt: at,
        user,
        movie,
        rating: 0,
        status: "",
        content: "",
        spoiler: false,
      };
      if (roll < 0.84) {
        const raw = traits[index]!.quality + bias + 0.8 * affinity(user, movie) + rng.normal(0, 0.6);
        review.rating = halfStar(rng, raw, wholeHabit);
        if (rng.chance(verbosity + (Math.abs(review.rating - 3) >= 1.5 ? 0.08 : 0))) {
          review.content = reviewText(rng, review.rating, ctx);
          if (rng.chance(0.1)) {
            review.content = `${review.content}\n${spoilerText(rng, ctx)}`;
            review.spoiler = true;
          }
        }
      } else {
        review.status = roll < 0.95 ? "WatchList" : "Watching";
        if (rng.chance(0.08)) {
          review.content = statusText(rng, review.status === "Watching", movie.year, new Date(now).getUTCFullYear());
        }
      }
      if (rng.chance(0.1)) review.updatedAt = between(rng, at, Math.min(now - 1000, at + 3 * DAY_MS));
      reviews.push(review);
    }
  }
  return reviews;
}
