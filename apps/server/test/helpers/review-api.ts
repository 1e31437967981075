// Request helpers for the review tests: one line per endpoint of API.md §4.5, plus the member counters.
import type { TestContext } from "./context.js";
import { injectAs, type TestMember } from "./factories.js";

export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** `context` is read at call time, so files can build the helpers before `beforeAll` creates their context. */
export function reviewApi(context: () => TestContext) {
  const as = (member: TestMember | { accessToken: string } | null) => injectAs(context(), member);
  return {
    as,
    post: (m: TestMember | null, movieId: number | string, payload?: object) =>
      as(m)({ method: "POST", url: `/api/reviews/${movieId}`, ...(payload === undefined ? {} : { payload }) }),
    patch: (m: TestMember | null, id: number | string, payload: object) =>
      as(m)({ method: "PATCH", url: `/api/reviews/${id}`, payload }),
    put: (m: TestMember | null, movieId: number | string, payload?: object) =>
      as(m)({
        method: "PUT",
        url: `/api/reviews/movie/${movieId}/mine`,
        ...(payload === undefined ? {} : { payload }),
      }),
    like: (m: TestMember | null, id: number | string) => as(m)({ method: "PATCH", url: `/api/reviews/like/${id}` }),
    /** The member's stored review total, data version and liked-reviews total. */
    userRow: (id: number) =>
      context()
        .db.selectFrom("users")
        .select(["review_count", "data_version", "liked_reviews_count"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
  };
}
