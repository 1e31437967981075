// The fuzz suite's world: a populated database (members, movies, people, reviews, replies, collections, comments,
// likes, follows, blocks) so generated ids hit real rows, and every /api route with its parameters, query and body
// fields, read at run time from the app (route tree + OpenAPI document) so a new endpoint is fuzzed automatically.
import type { TestContext } from "../context.js";
import {
  createCollection,
  createMember,
  createMovie,
  createPerson,
  createReply,
  createReview,
  injectAs,
  type TestMember,
} from "../factories.js";
import { apiRoutes, openApiPaths } from "../routes.js";
import type { FuzzRoute, Method } from "./requests.js";

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

/** Every /api route (docs pages aside) with the fields its OpenAPI operation declares. */
export async function discoverRoutes(ctx: TestContext): Promise<FuzzRoute[]> {
  const doc = (await ctx.app.inject({ url: "/api/openapi.json" })).json<{
    paths: Record<string, Record<string, OpenApiOperation>>;
  }>();
  // The notification stream never ends its answer (SSE), which inject cannot wait out; its inputs (bearer, ticket,
  // Last-Event-ID) are tested over a real port in notifications-stream.test.ts.
  const routes = apiRoutes(ctx.app).filter(({ url }) => url !== "/api/notifications/stream");
  return routes.map(({ method, url }) => {
    const ops = openApiPaths(url)
      .map((p) => doc.paths[p]?.[method.toLowerCase()])
      .filter((op): op is OpenApiOperation => op !== undefined);
    const names = (where: string) => [
      ...new Set(ops.flatMap((op) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name))),
    ];
    const body = ops.flatMap((op) =>
      Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
    );
    return {
      method: method as Method,
      url,
      params: [...url.matchAll(/:[A-Za-z_|:]+/g)].map((m) => m[0]),
      query: names("query"),
      body: [...new Set(body)],
    };
  });
}

export interface FuzzWorld {
  members: TestMember[];
}

/** Rows with small ids of every kind, owned by three members who follow, block and like each other. */
export async function populate(ctx: TestContext): Promise<FuzzWorld> {
  const members = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
  const [a, b, c] = members as [TestMember, TestMember, TestMember];
  const movies = [];
  for (let i = 0; i < 6; i++) movies.push(await createMovie(ctx, { genres: i % 2 ? ["드라마", "액션"] : ["코미디"] }));
  for (let i = 0; i < 3; i++) {
    await createPerson(ctx, `퍼즈 배우 ${i}`, [
      { movieId: movies[i]!.id, kind: "감독" },
      { movieId: movies[i + 1]!.id, kind: "배우", character: "역" },
    ]);
  }
  const reviews = [
    await createReview(ctx, a, movies[0]!.id, { rating: 4, content: "좋아요", status: "", spoiler: false }),
    await createReview(ctx, b, movies[0]!.id, { rating: 2.5, content: "", status: "Watching", spoiler: null }),
    await createReview(ctx, c, movies[1]!.id, { rating: 5, content: "최고", status: "", spoiler: true }),
  ];
  for (const review of reviews) {
    await createReply(ctx, a, review.id);
    await createReply(ctx, b, review.id, "답글 🎬");
  }
  const movieIds = movies.map((m) => m.id);
  const collections = [
    await createCollection(ctx, a, { movieIds: movieIds.slice(0, 3) }),
    await createCollection(ctx, b, { movieIds: movieIds.slice(2), overview: "소개" }),
  ];
  const as = (m: TestMember) => injectAs(ctx, m);
  for (const collection of collections) {
    for (const m of members) {
      await as(m)({ method: "POST", url: `/api/collection_comments/${collection.id}`, payload: { content: "댓글" } });
    }
  }
  await as(a)({ method: "POST", url: `/api/users/follow/${b.id}` });
  await as(b)({ method: "POST", url: `/api/users/follow/${a.id}` });
  await as(c)({ method: "POST", url: `/api/users/block/${a.id}` });
  await as(a)({ method: "PATCH", url: `/api/reviews/like/${reviews[1]!.id}` });
  await as(b)({ method: "PATCH", url: `/api/collections/like/${collections[0]!.id}` });
  await as(c)({ method: "PATCH", url: `/api/participants/like/1` });
  // A hidden review (API.md §4.5): emptied by its owner after a reply and a like, kept with its id. Requests hit it
  // like any id, and the final recount must leave it out.
  const hidden = await createReview(ctx, c, movies[2]!.id, { rating: 3, content: "비울 글" });
  await createReply(ctx, a, hidden.id);
  await as(a)({ method: "PATCH", url: `/api/reviews/like/${hidden.id}` });
  await ctx.services.reviews.edit(c.id, hidden.id, { rating: 0, content: "" });
  return { members };
}
