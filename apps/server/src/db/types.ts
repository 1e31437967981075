// Table types for Kysely. Timestamps are UTC text `YYYY-MM-DDTHH:MM:SS` on both databases (one format, one mapper);
// booleans are 0/1 integers on both, so every query is identical on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  login_id: string | null;
  login_id_lower: string | null;
  password_hash: string | null;
  login_type: "local" | "kakao" | "google" | "demo";
  profile_url: string | null;
  status_message: string | null;
  follower_count: Generated<number>;
  following_count: Generated<number>;
  review_count: Generated<number>;
  collection_count: Generated<number>;
  liked_people_count: Generated<number>;
  liked_collections_count: Generated<number>;
  liked_reviews_count: Generated<number>;
  /** Bumped in the same transaction as any write that changes this member's reviews (cache key for analyses). */
  data_version: Generated<number>;
  created_at: string;
}

export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  revoked_at: string | null;
  created_at: string;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  user_id: number;
  token_hash: string;
  state: "active" | "rotated" | "revoked";
  rotated_at: string | null;
  expires_at: string;
  created_at: string;
}

export interface MoviesTable {
  id: Generated<number>;
  key: string;
  title: string;
  original_title: string;
  english_title: string | null;
  year: number;
  running_time: number | null;
  grade: string | null;
  synopsis: string;
  poster_url: string | null;
  backdrop_url: string | null;
  /** TMDB, IMDb and KOBIS identities (migration 0008): unique where set. */
  tmdb_id: number | null;
  imdb_id: string | null;
  kobis_code: string | null;
  /** TMDB file paths ("/abc.jpg"); a stored poster_url/backdrop_url wins over them. */
  poster_path: string | null;
  backdrop_path: string | null;
  /** Set by catalog:import: catalog:sync leaves the film's own fields alone unless --force. */
  operator_edited_at: string | null;
  /** Σ rating×10 over reviews with rating > 0: the average is round(rating_sum / ratings_count) / 10. */
  rating_sum: Generated<number>;
  ratings_count: Generated<number>;
  reviews_count: Generated<number>;
  created_at: string;
}

export interface NamedTable {
  id: Generated<number>;
  name: string;
}

export interface MovieGenresTable {
  movie_id: number;
  genre_id: number;
  position: number;
}

export interface MovieCountriesTable {
  movie_id: number;
  country_id: number;
  position: number;
}

export interface PeopleTable {
  id: Generated<number>;
  key: string;
  name: string;
  original_name: string | null;
  biography: string | null;
  profile_url: string | null;
  tmdb_id: number | null;
  /** TMDB file path of the portrait; a stored profile_url wins over it. */
  profile_path: string | null;
  /** Set by catalog:import: catalog:sync leaves the person alone unless --force. */
  operator_edited_at: string | null;
  likes_count: Generated<number>;
  credits_count: Generated<number>;
  created_at: string;
}

export interface CreditsTable {
  id: Generated<number>;
  movie_id: number;
  person_id: number;
  kind: string;
  character: string | null;
  position: number;
}

export interface ChartEntriesTable {
  chart_type: string;
  rank: number;
  movie_id: number;
  updated_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  movie_id: number;
  user_id: number;
  content: string;
  rating: number;
  status: string;
  spoiler: number;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface RepliesTable {
  id: Generated<number>;
  review_id: number;
  user_id: number;
  content: string;
  likes_count: Generated<number>;
  created_at: string;
}

export interface CollectionsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  overview: string | null;
  movie_count: Generated<number>;
  likes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
}

export interface CollectionMoviesTable {
  collection_id: number;
  movie_id: number;
  position: number;
  /** When an edit added the film; null for the films a collection was created with (migration 0010). */
  added_at: string | null;
}

export interface CollectionCommentsTable {
  id: Generated<number>;
  collection_id: number;
  user_id: number;
  content: string;
  likes_count: Generated<number>;
  created_at: string;
}

/** Every like table: a unique (user, target) pair; `id` orders "oldest like first". */
export interface LikeTable {
  id: Generated<number>;
  user_id: number;
  target_id: number;
  created_at: string;
}

export interface RelationTable {
  id: Generated<number>;
  /** follows: follower; blocks: blocker. */
  user_id: number;
  /** follows: followee; blocks: blocked. */
  target_id: number;
  created_at: string;
}

export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface RecommenderModelsTable {
  id: Generated<number>;
  trained_at: string;
  ratings_seen: number;
  payload: string;
}

/** One searchable text (modules/search): id = kind × 2³⁴ + record id × 4 + field; full-text indexes hang off it. */
export interface SearchDocumentsTable {
  id: number;
  kind: number;
  ref_id: number;
  field: number;
  norm: string;
  chosung: string;
}

/** One item of a member's notifications (modules/notifications); likes of one target within a day share one. */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: number;
  type: string;
  target_id: number;
  review_id: number | null;
  reply_id: number | null;
  collection_id: number | null;
  collection_comment_id: number | null;
  actor_count: number;
  read: Generated<number>;
  /** Orders notifications by their latest change; an SSE event id. */
  seq: number;
  created_at: string;
  updated_at: string;
}
export interface NotificationActorsTable {
  notification_id: number;
  actor_id: number;
  created_at: string;
}
export interface NotificationTicketsTable {
  hash: string;
  user_id: number;
  session_id: string;
  expires_at: string;
}
/** KR streaming / purchase / rental offers of a film (TMDB watch providers, data by JustWatch). */
export interface MovieWatchProvidersTable {
  movie_id: number;
  type: "flatrate" | "buy" | "rent";
  provider_id: number;
  name: string;
  logo_path: string | null;
  display_order: number;
}

/** One catalog:sync run (or background sync); resumable through its items. */
export interface CatalogSyncRunsTable {
  id: Generated<number>;
  kind: string;
  args: string;
  force: Generated<number>;
  /** --changes: the end of the window this run covers (the next run starts there). */
  changes_until: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface CatalogSyncItemsTable {
  run_id: number;
  position: number;
  tmdb_id: number;
  state: "pending" | "done" | "failed";
  error: string | null;
}

/** 관심없어요 (migration 0009): films a member asked not to be shown again. */
export interface MovieDismissalsTable {
  id: Generated<number>;
  user_id: number;
  movie_id: number;
  created_at: string;
}

/** A member's import (migration 0011, modules/imports). */
export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  format: string;
  status: "queued" | "running" | "done" | "failed";
  overwrite: number;
  total: number;
  processed: number;
  matched: number;
  created: number;
  updated: number;
  skipped: number;
  unmatched_total: number;
  unmatched: string;
  error: string | null;
  created_at: string;
  heartbeat_at: string;
  finished_at: string | null;
}

export interface AppStateTable {
  key: string;
  value: string;
}

/**
 * Trigger-kept versions (read-cache keys): of the reviews listed under a film or a member (migration 0019), of what a
 * member's notifications show ('inbox') and of films' titles ('titles', 0) (migration 0020).
 */
export interface ReviewListVersionsTable {
  scope: "movie" | "user" | "inbox" | "titles";
  scope_id: number;
  version: string;
}

export interface Database {
  users: UsersTable;
  social_accounts: SocialAccountsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  movies: MoviesTable;
  genres: NamedTable;
  countries: NamedTable;
  movie_genres: MovieGenresTable;
  movie_countries: MovieCountriesTable;
  people: PeopleTable;
  credits: CreditsTable;
  chart_entries: ChartEntriesTable;
  reviews: ReviewsTable;
  replies: RepliesTable;
  collections: CollectionsTable;
  collection_movies: CollectionMoviesTable;
  collection_comments: CollectionCommentsTable;
  review_likes: LikeTable;
  reply_likes: LikeTable;
  collection_likes: LikeTable;
  collection_comment_likes: LikeTable;
  person_likes: LikeTable;
  follows: RelationTable;
  blocks: RelationTable;
  job_leases: JobLeasesTable;
  recommender_models: RecommenderModelsTable;
  app_state: AppStateTable;
  review_list_versions: ReviewListVersionsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  notification_tickets: NotificationTicketsTable;
  movie_watch_providers: MovieWatchProvidersTable;
  catalog_sync_runs: CatalogSyncRunsTable;
  catalog_sync_items: CatalogSyncItemsTable;
  search_documents: SearchDocumentsTable;
  movie_dismissals: MovieDismissalsTable;
  imports: ImportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type MovieRow = Selectable<MoviesTable>;
export type PersonRow = Selectable<PeopleTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type ReplyRow = Selectable<RepliesTable>;
export type CollectionRow = Selectable<CollectionsTable>;
export type CollectionCommentRow = Selectable<CollectionCommentsTable>;
export type LikeTableName =
  "review_likes" | "reply_likes" | "collection_likes" | "collection_comment_likes" | "person_likes";
