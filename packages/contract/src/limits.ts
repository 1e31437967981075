// Shared limits and vocabularies of SPEC §5/§9 and API.md §1.7: the one place both server and web read them.

/** Largest id the API accepts as "well-formed but maybe unknown" (2³¹−1). */
export const MAX_ID = 2147483647;

export const TEXT_MAX = 10000;
export const COLLECTION_TITLE_MAX = 100;
export const COLLECTION_OVERVIEW_MAX = 500;
export const COLLECTION_MOVIES_MAX = 1000;
/**
 * `movies_limit` [EXT] on Collection list answers (API.md §4.0, revision 2): 0–1000; without it every answer holds
 * all of a collection's movies.
 */
export const COLLECTION_MOVIES_LIMIT_MAX = COLLECTION_MOVIES_MAX;
/** Posters a collection card shows: the `movies_limit` the web app's strips send. */
export const COLLECTION_STRIP_MOVIES = 4;
export const STATUS_MESSAGE_MAX = 100;
export const PROFILE_URL_MAX = 1000;
export const SEARCH_QUERY_MAX = 100;
export const WINDOW_CAP = 1000;
export const MOVIE_IDS_BATCH_MAX = 100;
export const RECOMMEND_LIMIT_MAX = 50;
export const RECOMMEND_LIMIT_DEFAULT = 10;
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Body limit of the account routes (signup, signin, password change, account deletion): their bodies are tiny. */
export const AUTH_BODY_LIMIT_BYTES = 8 * 1024;

/** Avatar uploads (PUT /api/users/me/avatar): the image types taken, the largest file and the largest picture. */
export const AVATAR_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 40_000_000;
/** Width and height of the stored avatar. */
export const AVATAR_SIZE = 256;

export const PAGE_SIZE = {
  reviews: 10,
  replies: 10,
  collectionComments: 10,
  collections: 5,
  profileReviews: 9,
  search: 10,
  follows: 20,
  personCreditsPerColumn: 3,
  castPerPage: 3,
} as const;

/** Infinite scroll loads the next window when within this many pixels of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
/** The web app refreshes the access token this many seconds before it expires. */
export const TOKEN_REFRESH_LEAD_SECONDS = 60;

/**
 * Signup and profile names (API.md §3.1, revision 2): ASCII letters, digits, `_`, `-` and Hangul syllables
 * (U+AC00–U+D7A3), 3–20 of them, tested on the NFC form (`isValidUsername`). Jamo, other scripts, spaces and
 * invisible characters (zero-width, bidi controls) never match.
 */
export const USERNAME_REGEX = /^[A-Za-z0-9_\-\uAC00-\uD7A3]{3,20}$/;

/** A name as stored and compared: its NFC form (decomposed Hangul typed on some systems composes to syllables). */
export function normalizeUsername(value: string): string {
  return value.normalize("NFC");
}

export function isValidUsername(value: string): boolean {
  return USERNAME_REGEX.test(normalizeUsername(value));
}
export const LOGIN_ID_REGEX = /^[A-Za-z0-9_.]{6,20}$/;
export const LOGIN_ID_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** Password: 8–20 characters, no whitespace, at least two of ASCII letters, ASCII digits, other characters. */
export function isValidPassword(value: string): boolean {
  const chars = [...value];
  if (chars.length < PASSWORD_MIN || chars.length > PASSWORD_MAX) return false;
  if (/\s/u.test(value)) return false;
  const classes = [/[A-Za-z]/.test(value), /[0-9]/.test(value), /[^A-Za-z0-9]/.test(value)];
  return classes.filter(Boolean).length >= 2;
}

/** Ratings: 0 means unrated; otherwise 0.5 … 5 in steps of 0.5. */
const RATING_STEPS = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5] as const;
export function isValidRating(value: number): boolean {
  return value === 0 || (RATING_STEPS as readonly number[]).includes(value);
}

export const STAR_LABELS: Readonly<Record<string, string>> = {
  "0.5": "최악이에요",
  "1.0": "싫어요",
  "1.5": "재미없어요",
  "2.0": "별로예요",
  "2.5": "부족해요",
  "3.0": "보통이에요",
  "3.5": "볼만해요",
  "4.0": "재미있어요",
  "4.5": "훌륭해요",
  "5.0": "최고예요",
};
const UNRATED_LABEL = "평가하기";
export function starLabel(rating: number): string {
  return rating > 0 ? (STAR_LABELS[rating.toFixed(1)] ?? UNRATED_LABEL) : UNRATED_LABEL;
}

export const WATCH_STATUSES = ["", "WatchList", "Watching"] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

export const GRADES = ["전체 관람가", "12세 이상 관람가", "15세 이상 관람가", "청소년 관람불가", "제한상영가"] as const;

export const CHART_TYPES = ["watcha10", "box_office", "watcha_buying", "netflix"] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_SIZES: Readonly<Record<ChartType, number>> = {
  watcha10: 10,
  box_office: 30,
  watcha_buying: 30,
  netflix: 10,
};
export const CHART_LABELS: Readonly<Record<ChartType, string>> = {
  watcha10: "HOT 랭킹",
  box_office: "박스오피스 순위",
  watcha_buying: "구매 순위",
  netflix: "스트리밍 순위",
};

export const DIRECTOR_KIND = "감독";
export const CAST_KINDS = ["주연", "조연", "단역", "출연", "특별출연", "카메오"] as const;
export const CREDIT_GROUPS = ["감독", "출연"] as const;

export const REVIEW_SORTS = ["oldest", "recent", "likes"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const OAUTH_PROVIDERS = ["kakao", "google"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Free-text fields: over-long values are TEXT_TOO_LONG rather than INVALID_FIELD (API.md §1.7). */
export const FREE_TEXT_FIELDS = ["content", "title", "overview", "status_message", "search_q"] as const;

/** Number of Unicode code points (API.md counts characters as code points). */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

// 평가하기 (issue #18). Plain values live here, not beside the schemas in rating.ts and analysis.ts: the web app's
// pages read them, and a module that builds zod schemas would pull zod into those pages' chunks.
export const RATING_QUEUE_CATEGORIES = ["popular", "random", "genre", "predicted"] as const;
export type RatingQueueCategory = (typeof RATING_QUEUE_CATEGORIES)[number];
/** The queue's page when `end` is absent, and the most one answer holds. */
export const RATING_QUEUE_PAGE = 20;
export const RATING_QUEUE_CAP = 100;

export const SIMILAR_LIMIT_MAX = 30;
export const SIMILAR_LIMIT_DEFAULT = 10;

/** `status` [EXT] of GET /api/reviews/user/{user_id}: only that user's reviews with this watch status. */
export const REVIEW_STATUS_FILTERS = ["WatchList", "Watching"] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUS_FILTERS)[number];

/** Milestones of the 평가하기 counter (ratings > 0). */
export const RATING_MILESTONES = [10, 30, 100] as const;

/** The keys of `rating_dist` (API.md §4.11), half a star apart. */
export const RATING_DIST_KEYS = ["0.5", "1.0", "1.5", "2.0", "2.5", "3.0", "3.5", "4.0", "4.5", "5.0"] as const;
