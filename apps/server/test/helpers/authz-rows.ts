// The authorization matrix (issue 10 item 7): every mutating /api endpoint and every required-auth GET, with what
// each kind of caller must get. "owner" is the member the addressed resource belongs to (for /me routes: the member
// themself; for follow/block: the target user); "other" is any other signed-in member. Every call runs on fresh
// fixtures (a world per call), so an owner's delete never hides another role's answer.
import type { ErrorCode } from "@moviepedia/contract";
import { toTimestamp } from "../../src/lib/time.js";
import type { TestContext } from "./context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createPerson,
  createReply,
  createReview,
  injectAs,
  type TestMember,
} from "./factories.js";

export interface World {
  owner: TestMember;
  other: TestMember;
  movie: number;
  person: number;
  review: number;
  reply: number;
  collection: number;
  comment: number;
  /** An import of the owner's (GET /api/users/me/imports/{import_id}). */
  importId: number;
}

/** 2xx status, or the error a caller must get. */
export type Outcome = number | { status: number; code: ErrorCode };

export interface MatrixRow {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI-style path, as documented in API.md §4; `{…}` are filled from the world (see urlFor). */
  path: string;
  /** Route mode: "none" routes answer visitors like anyone else. */
  auth: "required" | "none";
  other: Outcome;
  owner: Outcome;
  /** Why these are the right answers (the contract's rule for this endpoint). */
  why: string;
  body?: (w: World) => unknown;
  /** A body other than JSON (the avatar upload's image). */
  contentType?: string;
  /** A query string the call needs (`?format=…`), appended to the path's URL. */
  query?: string;
  /** State the caller's call needs first (e.g. an existing follow to delete). */
  prepare?: (ctx: TestContext, w: World, actor: TestMember) => Promise<void>;
}

type Extras = Pick<MatrixRow, "body" | "prepare" | "contentType" | "query">;
const row = (
  method: MatrixRow["method"],
  path: string,
  other: Outcome,
  owner: Outcome,
  why: string,
  extras: Extras = {},
) => ({ method, path, auth: "required", other, owner, why, ...extras }) satisfies MatrixRow;
const open = (method: MatrixRow["method"], path: string, status: number, why: string, extras: Extras = {}) =>
  ({ method, path, auth: "none", other: status, owner: status, why, ...extras }) satisfies MatrixRow;

/** The concrete URL: `{user_id}` is the owner, every other parameter the world's row of that kind. */
export function urlFor(path: string, w: World): string {
  const ids: Record<string, number> = {
    user_id: w.owner.id,
    movie_id: w.movie,
    review_id: w.review,
    reply_id: w.reply,
    collection_id: w.collection,
    comment_id: w.comment,
    import_id: w.importId,
    id: w.person,
  };
  return path.replace(/\{([a-z_]+)\}/g, (_, name: string) => String(ids[name]));
}

/** A 1 × 1 PNG. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const NOT_OWNER = { status: 403, code: "NOT_OWNER" } as const;
const owned = "owner-scoped: only the author may edit or delete (API.md §2.2, 403 NOT_OWNER)";
const toggle = "a like toggle: anyone signed in may like anything, their own content included (§4.9)";
const create = "creates the caller's own row under the resource; not owner-scoped";
const self = "acts on the caller's own account or list; nobody can address another member's";

export async function buildWorld(ctx: TestContext): Promise<World> {
  const owner = await createMember(ctx);
  const other = await createMember(ctx);
  const movie = await createMovie(ctx);
  const person = await createPerson(ctx, "권한 배우", [{ movieId: movie.id, kind: "배우" }]);
  const review = await createReview(ctx, owner, movie.id, { rating: 4, content: "원래 내용" });
  const reply = await createReply(ctx, owner, review.id, "원래 답글");
  const collection = await createCollection(ctx, owner, { title: "원래 제목", movieIds: [movie.id] });
  const comment = await ctx.services.collectionComments.create(collection.id, owner.id, "원래 댓글");
  const at = toTimestamp(ctx.clock.now());
  const { id: importId } = await ctx.db
    .insertInto("imports")
    .values({
      user_id: owner.id,
      format: "imdb",
      status: "done",
      overwrite: 0,
      total: 0,
      processed: 0,
      matched: 0,
      created: 0,
      updated: 0,
      skipped: 0,
      unmatched_total: 0,
      unmatched: "[]",
      error: null,
      created_at: at,
      heartbeat_at: at,
      finished_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    importId,
    owner,
    other,
    movie: movie.id,
    person: person.id,
    review: review.id,
    reply: reply.id,
    collection: collection.id,
    comment: comment.id,
  };
}

const follows = async (ctx: TestContext, w: World, actor: TestMember) => {
  await injectAs(ctx, actor)({ method: "POST", url: `/api/users/follow/${w.owner.id}` });
};
const blocks = async (ctx: TestContext, w: World, actor: TestMember) => {
  await injectAs(ctx, actor)({ method: "POST", url: `/api/users/block/${w.owner.id}` });
};
let signups = 0;

const conflict = (code: ErrorCode) => ({ status: 409, code }) as const;

export const MATRIX: MatrixRow[] = [
  // Accounts: public endpoints (a bearer is ignored) and the caller's own account.
  open("POST", "/api/users/signup", 201, "public signup (§4.1)", {
    body: () => ({ username: `matrix_${++signups}`, login_id: `matrix_login_${signups}`, login_password: "abcd1234" }),
  }),
  open("POST", "/api/users/signin", 201, "public signin, here with the owner's credentials (§4.1)", {
    body: (w) => ({ login_id: w.owner.loginId, login_password: w.owner.password }),
  }),
  open("POST", "/api/users/logout", 204, "never fails; ends only the caller's own session (§3.3)"),
  open("GET", "/api/users/logout", 204, "as POST logout (§4.1)"),
  row("PATCH", "/api/users/me", 200, 200, self, { body: () => ({ status_message: "바뀐 소개" }) }),
  row("DELETE", "/api/users/me", 204, 204, `${self}; the password is the caller's`, {
    body: (w) => ({ login_password: w.owner.password }),
  }),
  row("PATCH", "/api/users/me/password", 204, 204, `${self}; the current password is the caller's`, {
    body: (w) => ({ current_password: w.owner.password, new_password: "changed-pass1" }),
  }),
  row("GET", "/api/users/me", 200, 200, self),
  row("PUT", "/api/users/me/avatar", 200, 200, self, { body: () => PIXEL_PNG, contentType: "image/png" }),
  row("DELETE", "/api/users/me/avatar", 200, 200, self),
  row("GET", "/api/users/likes_participant", 200, 200, self),
  row("GET", "/api/users/likes_collection", 200, 200, self),
  row("GET", "/api/users/likes_review", 200, 200, self),
  row("GET", "/api/reviews/user", 200, 200, self),
  // The caller's own feed and notifications (issue #21); the stream is checked over a real port instead
  // (notifications-stream.test.ts: an SSE answer never ends, so inject cannot read it).
  row("GET", "/api/feed", 200, 200, self),
  row("GET", "/api/notifications", 200, 200, self),
  row("GET", "/api/notifications/unread_count", 200, 200, self),
  row("POST", "/api/notifications/read", 204, 204, `${self}; ids of others' items are ignored`, { body: () => ({}) }),
  row("POST", "/api/notifications/ticket", 201, 201, `${self}: a ticket for the caller's own stream`),
  // Relations to another member: the owner is the target, who cannot follow or block themself.
  row("POST", "/api/users/follow/{user_id}", 201, conflict("CANNOT_FOLLOW_SELF"), "anyone may follow anyone else"),
  row("DELETE", "/api/users/follow/{user_id}", 200, conflict("CANNOT_FOLLOW_SELF"), "removes the caller's own follow", {
    prepare: follows,
  }),
  row("POST", "/api/users/block/{user_id}", 201, conflict("CANNOT_BLOCK_SELF"), "anyone may block anyone else"),
  row("DELETE", "/api/users/block/{user_id}", 200, conflict("CANNOT_BLOCK_SELF"), "removes the caller's own block", {
    prepare: blocks,
  }),
  row("GET", "/api/users/blocked_users/{user_id}", { status: 403, code: "FORBIDDEN" }, 200, "a block list is private"),
  row(
    "GET",
    "/api/users/taste_match/{user_id}",
    200,
    { status: 400, code: "INVALID_FIELD" },
    "not with oneself (§4.12)",
  ),
  // Collections and their comments.
  row("POST", "/api/collections", 201, 201, create, { body: (w) => ({ title: "새 컬렉션", movie_ids: [w.movie] }) }),
  row("PATCH", "/api/collections/{collection_id}", NOT_OWNER, 200, owned, { body: () => ({ title: "바꾼 제목" }) }),
  row("DELETE", "/api/collections/{collection_id}", NOT_OWNER, 204, owned),
  row("GET", "/api/collections/like/{collection_id}", 200, 200, toggle),
  row("PATCH", "/api/collections/like/{collection_id}", 200, 200, toggle),
  row("POST", "/api/collection_comments/{collection_id}", 201, 201, create, { body: () => ({ content: "새 댓글" }) }),
  row("PATCH", "/api/collection_comments/{comment_id}", NOT_OWNER, 200, owned, {
    body: () => ({ content: "바꾼 댓글" }),
  }),
  row("DELETE", "/api/collection_comments/{comment_id}", NOT_OWNER, 204, owned),
  row("GET", "/api/collection_comments/like/{comment_id}", 200, 200, toggle),
  row("PATCH", "/api/collection_comments/like/{comment_id}", 200, 200, toggle),
  // Reviews and replies.
  row("POST", "/api/reviews/{movie_id}", 201, conflict("REVIEW_ALREADY_EXISTS"), "one review per member and movie", {
    body: () => ({ rating: 3 }),
  }),
  row("PUT", "/api/reviews/movie/{movie_id}/mine", 201, 200, "upserts the caller's own review, never the owner's", {
    body: () => ({ rating: 1.5 }),
  }),
  row("GET", "/api/reviews/movie/{movie_id}/mine", 200, 200, "own review only: another member gets the empty object"),
  row("PATCH", "/api/reviews/{review_id}", NOT_OWNER, 200, owned, { body: () => ({ content: "바꾼 내용" }) }),
  row("DELETE", "/api/reviews/{review_id}", NOT_OWNER, 204, owned),
  row("PATCH", "/api/reviews/like/{review_id}", 200, 200, toggle),
  row("GET", "/api/reviews/list/{movie_id}", 200, 200, "a movie's reviews, for any signed-in member"),
  row("POST", "/api/comments/{review_id}", 201, 201, create, { body: () => ({ content: "새 답글" }) }),
  row("PATCH", "/api/comments/{reply_id}", NOT_OWNER, 200, owned, { body: () => ({ content: "바꾼 답글" }) }),
  row("DELETE", "/api/comments/{reply_id}", NOT_OWNER, 204, owned),
  row("PATCH", "/api/comments/like/{reply_id}", 200, 200, toggle),
  row("GET", "/api/comments/list/{review_id}", 200, 200, "a review's replies, for any signed-in member"),
  // People and recommendations: nothing is owned.
  row("GET", "/api/participants/like/{id}", 200, 200, toggle),
  row("PATCH", "/api/participants/like/{id}", 200, 200, toggle),
  row("GET", "/api/recommend/expect", 200, 200, "the caller's own recommendations"),
  row("GET", "/api/recommend/difference", 200, 200, "the caller's own recommendations"),
  row("GET", "/api/recommend/predict/{movie_id}", 200, 200, "the caller's own prediction"),
  // 관심없어요 (issue #18): the caller's own marks, idempotent.
  row("PUT", "/api/movies/{movie_id}/dismissed", 204, 204, "marks the film for the caller only"),
  row("DELETE", "/api/movies/{movie_id}/dismissed", 204, 204, "unmarks the caller's own mark (idempotent)"),
  row("GET", "/api/users/me/dismissed", 200, 200, self),
  row("POST", "/api/users/me/imports", 202, 202, `${self}: imports into the caller's own reviews`, {
    query: "?format=imdb",
    body: () => Buffer.from("Const,Your Rating,Title,Year\ntt0000001,8,Matrix Film,2001\n"),
    contentType: "text/csv",
  }),
  row(
    "GET",
    "/api/users/me/imports/{import_id}",
    { status: 404, code: "IMPORT_NOT_FOUND" },
    200,
    "another member's import is unknown to the caller (no enumeration)",
  ),
  row("GET", "/api/users/me/export", 200, 200, `${self}: exports the caller's own data`, { query: "?format=json" }),
];
