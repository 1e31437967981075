// What `npm run bench:data -- --scale=…` generates: row counts per scale. Other benchmarks import these to know the
// data they run on. Contents, for every scale:
// - movies 1 … movies, people, credits (1–2 directors and 3–10 cast per movie), collections (5–30 movies each);
// - reviews: one row per (member, movie) — `ratings` rated rows (0.5 … 5, r = μ + b_u + b_m + p_u·q_m + noise, ≥ 20
//   per member, heavy raters log-normal, movies Zipf-like), of which `written` carry review text (5% spoilers), plus
//   `statuses` unrated want-to-see ("WatchList") / watching ("Watching") marks;
// - review_likes (`reviewLikes`, on written reviews, most on popular films), replies on the most liked reviews,
//   reply_likes, follows (towards active members), blocks (never between a follower and whom they follow),
//   collection_likes, collection_comments (+ likes), person_likes;
// - chart_entries for all four charts; bench members (bench/shared/members.ts) are users 1 … BENCH_MEMBER_COUNTS.
// Popular records are spread over the id range: find them by their counters (e.g. movies by ratings_count desc), or
// read the samples recorded under BENCH_META_KEY in app_state.
export interface BenchScale {
  movies: number;
  people: number;
  users: number;
  collections: number;
  ratings: number;
  /** Rated rows that also carry review text. */
  written: number;
  /** Want-to-see / watching marks without a rating. */
  statuses: number;
  reviewLikes: number;
  replies: number;
  replyLikes: number;
  follows: number;
  blocks: number;
  collectionLikes: number;
  collectionComments: number;
  collectionCommentLikes: number;
  personLikes: number;
}

export type BenchScaleName = "large" | "small";

export const BENCH_SCALES: Readonly<Record<BenchScaleName, Readonly<BenchScale>>> = {
  large: {
    movies: 100_000,
    people: 300_000,
    users: 50_000,
    collections: 20_000,
    ratings: 2_000_000,
    written: 300_000,
    statuses: 150_000,
    reviewLikes: 500_000,
    replies: 30_000,
    replyLikes: 10_000,
    follows: 200_000,
    blocks: 1_000,
    collectionLikes: 60_000,
    collectionComments: 20_000,
    collectionCommentLikes: 5_000,
    personLikes: 50_000,
  },
  // One twentieth of large (members one twenty-fifth).
  small: {
    movies: 5_000,
    people: 15_000,
    users: 2_000,
    collections: 1_000,
    ratings: 100_000,
    written: 15_000,
    statuses: 7_500,
    reviewLikes: 25_000,
    replies: 1_500,
    replyLikes: 500,
    follows: 10_000,
    blocks: 50,
    collectionLikes: 3_000,
    collectionComments: 1_000,
    collectionCommentLikes: 250,
    personLikes: 2_500,
  },
};

export function isBenchScaleName(name: string): name is BenchScaleName {
  return Object.hasOwn(BENCH_SCALES, name);
}

/** The record bench:data stores under BENCH_META_KEY in app_state (JSON). */
export interface BenchMeta {
  scale: BenchScaleName;
  /** End of the activity timeline (ISO, UTC): the generated activity spans the two years before it. */
  activityEnd: string;
  indexBuildMs: number;
  documents: number;
  /** Rows per table. */
  counts: Record<string, number>;
  members: { count: number; loginIds: string; userIds: string };
  /** Popular ids of each kind, most popular first. */
  samples: {
    popularMovies: number[];
    popularPeople: number[];
    mostLikedReviews: number[];
    mostLikedCollections: number[];
    mostFollowedUsers: number[];
    /** Bench members (user ids) with the most ratings and marks. */
    busiestMembers: number[];
  };
}
