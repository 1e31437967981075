// The counter registry (src/db/counters.ts): a drifted counter is found with its row and both values, the recount
// puts it right, and every counter column of the schema is in the registry.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTERS, counterMismatches, recountCounters } from "../src/db/counters.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReview } from "./helpers/factories.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe("the counter registry", () => {
  it("finds a drifted counter and the recount puts every counter right", async () => {
    const member = await createMember(ctx);
    const movie = await createMovie(ctx);
    await createReview(ctx, member, movie.id, { rating: 4.5, content: "좋아요" });
    expect(await counterMismatches(ctx.db)).toEqual([]);
    await ctx.db.updateTable("movies").set({ ratings_count: 7, rating_sum: 1 }).where("id", "=", movie.id).execute();
    await ctx.db.updateTable("users").set({ review_count: 0 }).where("id", "=", member.id).execute();
    expect(await counterMismatches(ctx.db)).toEqual([
      { counter: "movies.rating_sum", id: movie.id, stored: 1, actual: 45 },
      { counter: "movies.ratings_count", id: movie.id, stored: 7, actual: 1 },
      { counter: "users.review_count", id: member.id, stored: 0, actual: 1 },
    ]);
    await recountCounters(ctx.db);
    expect(await counterMismatches(ctx.db)).toEqual([]);
  });

  it("names every counter column of the schema", async () => {
    const registered = new Set(COUNTERS.map((c) => `${c.table}.${c.column}`));
    const tables = await ctx.db.introspection.getTables();
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(ctx.db).catch(() => ({
      rows: [] as { s: string }[],
    }));
    const schema = rows[0]?.s;
    const counterColumns = tables
      .filter((t) => ctx.database.dialect === "sqlite" || t.schema === schema)
      .flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`))
      .filter((name) => /_(count|sum)$/.test(name));
    expect(counterColumns.filter((name) => !registered.has(name))).toEqual([]);
    expect([...registered].filter((name) => !counterColumns.includes(name))).toEqual([]);
  });
});
