// The authorization matrix (issue 10 item 7): every mutating /api endpoint and every required-auth GET, with what
// each kind of caller must get. "owner" is the member the addressed resource belongs to (for /me routes: the member
// themself; for follow/block: the target user); "other" is any other signed-in member. Every call runs on fresh
// fixtures (a world per call), so an owner's delete never hides another role's answer.
import type { ErrorCode } from "@moviepedia/contract";
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
}

/** 2xx status, or the error a caller must get. */
export type Outcome = number | { status: number; code: ErrorCode };

export interface MatrixRow {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI-style path, as documented in API.md §4. */
  path: string;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  /** Route mode: "none" routes answer visitors like anyone else. */
  auth: "required" | "none";
  other: Outcome;
  owner: Outcome;
  /** Why these are the right answers (the contract's rule for this endpoint). */
  why: string;
  /** State the caller's call needs first (e.g. an existing follow to delete). */
  prepare?: (ctx: TestContext, w: World, actor: TestMember) => Promise<void>;
}

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
  return { owner, other, movie: movie.id, person: person.id, review: review.id, reply: reply.id, collection: collection.id, comment: comment.id };
}

const follows = async (ctx: TestContext, w: World, actor: TestMember) => {
  await injectAs(ctx, actor)({ method: "POST", url: `/api/users/follow/${w.owner.id}` });
};
const blocks = async (ctx: TestContext, w: World, actor: TestMember) => {
  await injectAs(ctx, actor)({ method: "POST", url: `/api/users/block/${w.owner.id}` });
};
let signups = 0;

export const MATRIX: MatrixRow[] = [
  // Accounts: public endpoints (a bearer is ignored) and the caller's own account.
  { method: "POST", path: "/api/users/signup", auth: "none", other: 201, owner: 201, why: "public signup (§4.1)",
    url: () => "/api/users/signup",
    body: () => ({ username: `matrix_${++signups}`, login_id: `matrix_login_${signups}`, login_password: "abcd1234" }) },
  { method: "POST", path: "/api/users/signin", auth: "none", other: 201, owner: 201, why: "public signin with the owner's credentials (§4.1)",
    url: () => "/api/users/signin", body: (w) => ({ login_id: w.owner.loginId, login_password: w.owner.password }) },
  { method: "POST", path: "/api/users/logout", auth: "none", other: 204, owner: 204, why: "never fails; ends only the caller's own session (§3.3)",
    url: () => "/api/users/logout" },
  { method: "GET", path: "/api/users/logout", auth: "none", other: 204, owner: 204, why: "as POST logout (§4.1)",
    url: () => "/api/users/logout" },
  { method: "PATCH", path: "/api/users/me", auth: "required", other: 200, owner: 200, why: self,
    url: () => "/api/users/me", body: () => ({ status_message: "바뀐 소개" }) },
  { method: "DELETE", path: "/api/users/me", auth: "required", other: 204, owner: 204, why: `${self}; the password is the caller's`,
    url: () => "/api/users/me", body: (w) => ({ login_password: w.owner.password }) },
  { method: "GET", path: "/api/users/me", auth: "required", other: 200, owner: 200, why: self, url: () => "/api/users/me" },
  { method: "GET", path: "/api/users/likes_participant", auth: "required", other: 200, owner: 200, why: self, url: () => "/api/users/likes_participant" },
  { method: "GET", path: "/api/users/likes_collection", auth: "required", other: 200, owner: 200, why: self, url: () => "/api/users/likes_collection" },
  { method: "GET", path: "/api/users/likes_review", auth: "required", other: 200, owner: 200, why: self, url: () => "/api/users/likes_review" },
  { method: "GET", path: "/api/reviews/user", auth: "required", other: 200, owner: 200, why: self, url: () => "/api/reviews/user" },
  // Relations to another member: the owner is the target, who cannot follow or block themself.
  { method: "POST", path: "/api/users/follow/{user_id}", auth: "required", other: 201, owner: { status: 409, code: "CANNOT_FOLLOW_SELF" },
    why: "anyone may follow a member but themself (§4.1)", url: (w) => `/api/users/follow/${w.owner.id}` },
  { method: "DELETE", path: "/api/users/follow/{user_id}", auth: "required", other: 200, owner: { status: 409, code: "CANNOT_FOLLOW_SELF" },
    why: "removes the caller's own follow (§4.1)", url: (w) => `/api/users/follow/${w.owner.id}`, prepare: follows },
  { method: "POST", path: "/api/users/block/{user_id}", auth: "required", other: 201, owner: { status: 409, code: "CANNOT_BLOCK_SELF" },
    why: "anyone may block a member but themself (§4.1)", url: (w) => `/api/users/block/${w.owner.id}` },
  { method: "DELETE", path: "/api/users/block/{user_id}", auth: "required", other: 200, owner: { status: 409, code: "CANNOT_BLOCK_SELF" },
    why: "removes the caller's own block (§4.1)", url: (w) => `/api/users/block/${w.owner.id}`, prepare: blocks },
  { method: "GET", path: "/api/users/blocked_users/{user_id}", auth: "required", other: { status: 403, code: "FORBIDDEN" }, owner: 200,
    why: "a block list is private (§4.1)", url: (w) => `/api/users/blocked_users/${w.owner.id}` },
  { method: "GET", path: "/api/users/taste_match/{user_id}", auth: "required", other: 200, owner: { status: 400, code: "INVALID_FIELD" },
    why: "matches the caller with another member; the caller's own id is refused (§4.12)", url: (w) => `/api/users/taste_match/${w.owner.id}` },
  // Collections and their comments.
  { method: "POST", path: "/api/collections", auth: "required", other: 201, owner: 201, why: create,
    url: () => "/api/collections", body: (w) => ({ title: "새 컬렉션", movie_ids: [w.movie] }) },
  { method: "PATCH", path: "/api/collections/{collection_id}", auth: "required", other: NOT_OWNER, owner: 200, why: owned,
    url: (w) => `/api/collections/${w.collection}`, body: () => ({ title: "바꾼 제목" }) },
  { method: "DELETE", path: "/api/collections/{collection_id}", auth: "required", other: NOT_OWNER, owner: 204, why: owned,
    url: (w) => `/api/collections/${w.collection}` },
  { method: "GET", path: "/api/collections/like/{collection_id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/collections/like/${w.collection}` },
  { method: "PATCH", path: "/api/collections/like/{collection_id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/collections/like/${w.collection}` },
  { method: "POST", path: "/api/collection_comments/{collection_id}", auth: "required", other: 201, owner: 201, why: create,
    url: (w) => `/api/collection_comments/${w.collection}`, body: () => ({ content: "새 댓글" }) },
  { method: "PATCH", path: "/api/collection_comments/{comment_id}", auth: "required", other: NOT_OWNER, owner: 200, why: owned,
    url: (w) => `/api/collection_comments/${w.comment}`, body: () => ({ content: "바꾼 댓글" }) },
  { method: "DELETE", path: "/api/collection_comments/{comment_id}", auth: "required", other: NOT_OWNER, owner: 204, why: owned,
    url: (w) => `/api/collection_comments/${w.comment}` },
  { method: "GET", path: "/api/collection_comments/like/{comment_id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/collection_comments/like/${w.comment}` },
  { method: "PATCH", path: "/api/collection_comments/like/{comment_id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/collection_comments/like/${w.comment}` },
  // Reviews and replies.
  { method: "POST", path: "/api/reviews/{movie_id}", auth: "required", other: 201, owner: { status: 409, code: "REVIEW_ALREADY_EXISTS" },
    why: "one review per (member, movie): the owner already has one (§4.5)", url: (w) => `/api/reviews/${w.movie}`, body: () => ({ rating: 3 }) },
  { method: "PUT", path: "/api/reviews/movie/{movie_id}/mine", auth: "required", other: 201, owner: 200,
    why: "upserts the caller's own review: creates theirs, never touches the owner's (§4.5)",
    url: (w) => `/api/reviews/movie/${w.movie}/mine`, body: () => ({ rating: 1.5 }) },
  { method: "GET", path: "/api/reviews/movie/{movie_id}/mine", auth: "required", other: { status: 404, code: "REVIEW_NOT_FOUND" }, owner: 200,
    why: "the caller's own review only (§4.5)", url: (w) => `/api/reviews/movie/${w.movie}/mine` },
  { method: "PATCH", path: "/api/reviews/{review_id}", auth: "required", other: NOT_OWNER, owner: 200, why: owned,
    url: (w) => `/api/reviews/${w.review}`, body: () => ({ content: "바꾼 내용" }) },
  { method: "DELETE", path: "/api/reviews/{review_id}", auth: "required", other: NOT_OWNER, owner: 204, why: owned,
    url: (w) => `/api/reviews/${w.review}` },
  { method: "PATCH", path: "/api/reviews/like/{review_id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/reviews/like/${w.review}` },
  { method: "GET", path: "/api/reviews/list/{movie_id}", auth: "required", other: 200, owner: 200, why: "a movie's reviews for any signed-in member",
    url: (w) => `/api/reviews/list/${w.movie}` },
  { method: "POST", path: "/api/comments/{review_id}", auth: "required", other: 201, owner: 201, why: create,
    url: (w) => `/api/comments/${w.review}`, body: () => ({ content: "새 답글" }) },
  { method: "PATCH", path: "/api/comments/{reply_id}", auth: "required", other: NOT_OWNER, owner: 200, why: owned,
    url: (w) => `/api/comments/${w.reply}`, body: () => ({ content: "바꾼 답글" }) },
  { method: "DELETE", path: "/api/comments/{reply_id}", auth: "required", other: NOT_OWNER, owner: 204, why: owned,
    url: (w) => `/api/comments/${w.reply}` },
  { method: "PATCH", path: "/api/comments/like/{reply_id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/comments/like/${w.reply}` },
  { method: "GET", path: "/api/comments/list/{review_id}", auth: "required", other: 200, owner: 200, why: "a review's replies for any signed-in member",
    url: (w) => `/api/comments/list/${w.review}` },
  // People and recommendations: nothing is owned.
  { method: "GET", path: "/api/participants/like/{id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/participants/like/${w.person}` },
  { method: "PATCH", path: "/api/participants/like/{id}", auth: "required", other: 200, owner: 200, why: toggle,
    url: (w) => `/api/participants/like/${w.person}` },
  { method: "GET", path: "/api/recommend/expect", auth: "required", other: 200, owner: 200, why: "the caller's own recommendations", url: () => "/api/recommend/expect" },
  { method: "GET", path: "/api/recommend/difference", auth: "required", other: 200, owner: 200, why: "the caller's own recommendations", url: () => "/api/recommend/difference" },
  { method: "GET", path: "/api/recommend/predict/{movie_id}", auth: "required", other: 200, owner: 200, why: "the caller's own prediction",
    url: (w) => `/api/recommend/predict/${w.movie}` },
];
