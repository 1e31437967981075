// Prepared queries (db/prepared.ts) answer exactly what the same query built on every call answers: each call's own
// parameters, one compiled statement per shape, inside transactions too, on both databases.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Params, prepared, preparedByShape, preparedKept } from "../src/db/prepared.js";
import { inTransaction } from "../src/lib/transaction.js";
import { createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReview, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let members: TestMember[];
let movieIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  members = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
  movieIds = [];
  for (const title of ["준비된 영화 가", "준비된 영화 나", "준비된 영화 다"]) {
    movieIds.push((await createMovie(ctx, { title })).id);
  }
  for (const [m, member] of members.entries()) {
    for (const [k, movieId] of movieIds.entries()) {
      await createReview(ctx, member, movieId, { rating: 1 + ((m + k) % 5), content: `리뷰 ${m}-${k}` });
    }
  }
});
afterAll(async () => ctx.close());

const titleById = prepared((db, p: Params<{ id: number }>) =>
  db.selectFrom("movies").select(["id", "title"]).where("id", "=", p.id),
);

const reviewsOf = preparedByShape(
  (db, shape: { byMovie: boolean; newestFirst: boolean }, p: Params<{ key: number; limit: number; offset: number }>) =>
    db
      .selectFrom("reviews")
      .select(["id", "movie_id", "user_id", "rating"])
      .where(shape.byMovie ? "movie_id" : "user_id", "=", p.key)
      .where(sql<boolean>`rating >= ${1}`)
      .orderBy("id", shape.newestFirst ? "desc" : "asc")
      .limit(p.limit)
      .offset(p.offset),
);

describe("prepared queries", () => {
  it("substitute each call's parameters into the statement compiled by the first", async () => {
    for (const id of [...movieIds].reverse()) {
      const { rows } = await titleById(ctx.db, { id });
      const built = await ctx.db.selectFrom("movies").select(["id", "title"]).where("id", "=", id).execute();
      expect(rows).toEqual(built);
      expect(rows).toHaveLength(1);
    }
    expect((await titleById(ctx.db, { id: 987_654 })).rows).toEqual([]);
  });

  it("keep one statement per shape and fill LIMIT and OFFSET per call", async () => {
    for (const byMovie of [true, false]) {
      for (const newestFirst of [false, true]) {
        const keys = byMovie ? movieIds : members.map((m) => m.id);
        for (const key of keys) {
          for (const [limit, offset] of [
            [2, 0],
            [2, 1],
            [10, 0],
          ] as const) {
            const { rows } = await reviewsOf(ctx.db, { byMovie, newestFirst }, { key, limit, offset });
            const built = await ctx.db
              .selectFrom("reviews")
              .select(["id", "movie_id", "user_id", "rating"])
              .where(byMovie ? "movie_id" : "user_id", "=", key)
              .orderBy("id", newestFirst ? "desc" : "asc")
              .limit(limit)
              .offset(offset)
              .execute();
            expect(rows).toEqual(built);
            expect(rows.length).toBe(Math.min(limit, 3 - offset));
          }
        }
      }
    }
  });

  it("run inside a transaction, seeing its uncommitted writes", async () => {
    const id = movieIds[0]!;
    await inTransaction(ctx.db, async (trx) => {
      await trx.updateTable("movies").set({ title: "트랜잭션 안의 제목" }).where("id", "=", id).execute();
      expect((await titleById(trx, { id })).rows[0]?.title).toBe("트랜잭션 안의 제목");
      throw new Error("roll back");
    }).catch((error: unknown) => expect(String(error)).toContain("roll back"));
    expect((await titleById(ctx.db, { id })).rows[0]?.title).toBe("준비된 영화 가");
  });
});

describe("prepared reads outside a transaction", () => {
  it("never see another request's uncommitted writes", async () => {
    const id = movieIds[1]!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const rolledBack = inTransaction(ctx.db, async (trx) => {
      await trx.updateTable("movies").set({ title: "취소될 제목" }).where("id", "=", id).execute();
      written();
      await held;
      throw new Error("roll back");
    }).catch((error: unknown) => String(error));
    await wrote;
    // Asked while the transaction is open: answered with what is committed, however the read is scheduled.
    const during = titleById(ctx.db, { id });
    release();
    expect((await during).rows[0]?.title).toBe("준비된 영화 나");
    expect(await rolledBack).toContain("roll back");
    expect((await titleById(ctx.db, { id })).rows[0]?.title).toBe("준비된 영화 나");
  });
});

const keptTitle = preparedKept("test.keptTitle", (db, p: Params<{ id: number }>) =>
  db.selectFrom("movies").select(["id", "title"]).where("id", "=", p.id),
);

describe("kept prepared reads", () => {
  it("answer again from memory until a write, then run the query", async () => {
    const id = movieIds[2]!;
    const first = await keptTitle(ctx.db, { id });
    expect(first.rows).toEqual([{ id, title: "준비된 영화 다" }]);
    const again = await keptTitle(ctx.db, { id });
    expect(again.rows).toEqual(first.rows);
    // Kept where the version costs nothing to read (the embedded database); looked up every time on PostgreSQL.
    expect(again === first).toBe(dialectUnderTest === "sqlite");

    await ctx.db.updateTable("movies").set({ title: "바뀐 제목" }).where("id", "=", id).execute();
    expect((await keptTitle(ctx.db, { id })).rows).toEqual([{ id, title: "바뀐 제목" }]);
    await sql`update movies set title = ${"준비된 영화 다"} where id = ${id}`.execute(ctx.db);
    expect((await keptTitle(ctx.db, { id })).rows).toEqual([{ id, title: "준비된 영화 다" }]);
    // Each parameter set is its own entry.
    expect((await keptTitle(ctx.db, { id: movieIds[0]! })).rows[0]?.id).toBe(movieIds[0]);
    expect((await keptTitle(ctx.db, { id: 987_654 })).rows).toEqual([]);
  });
});

// Type-level: a builder cannot see a parameter's value (tsc checks these lines; each must stay an error).
export const typeChecks = [
  prepared((db, p: Params<{ id: number }>) => {
    // @ts-expect-error a parameter is an expression, not a number: nothing can branch on it
    const limit = p.id > 5 ? 1 : 2;
    return db.selectFrom("movies").select("id").limit(limit);
  }),
  prepared((db, p: Params<{ title: string }>) => {
    // @ts-expect-error nor be used as the value it stands for
    const pattern = `%${p.title.trim()}%`;
    return db.selectFrom("movies").select("id").where("title", "like", pattern);
  }),
  // @ts-expect-error a builder that takes plain values is refused
  prepared((db, p: { id: number }) => db.selectFrom("movies").select("id").where("id", "=", p.id)),
  // @ts-expect-error a shape holds flags only: a value (here a table name) cannot choose the statement
  preparedByShape((db, _shape: { table: string }, _p: Params<{ id: number }>) => db.selectFrom("movies").select("id")),
];
