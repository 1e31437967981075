// The database version (db/data-version.ts) on an SQLite file that other connections write to (another process, an
// import, a second instance): their commits change the token seen by the next request, so answers kept under it —
// review windows, live sessions, likes — follow them; within one request the other connections' part is read once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Review } from "@moviepedia/contract";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeDatabaseVersion, requestArrived } from "../src/db/data-version.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createReview, injectAs, type TestMember } from "./helpers/factories.js";

let dir: string;
let ctx: TestContext;
let other: BetterSqlite3.Database;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-version-"));
  const file = path.join(dir, "shared.db");
  ctx = await createTestContext({ sqliteFile: file });
  other = new BetterSqlite3(file);
  other.pragma("busy_timeout = 5000");
});
afterAll(async () => {
  other.close();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("the database version on SQLite", () => {
  it("moves with this connection's writes at once, and with another connection's from the next request", async () => {
    const movie = await createMovie(ctx);
    await nextTurn();
    requestArrived();
    const start = freeDatabaseVersion(ctx.db);
    expect(start).not.toBeNull();
    expect(freeDatabaseVersion(ctx.db)).toBe(start);

    await ctx.db.updateTable("movies").set({ title: "이 연결의 쓰기" }).where("id", "=", movie.id).execute();
    const afterOwn = freeDatabaseVersion(ctx.db);
    expect(afterOwn).not.toBe(start);

    other.prepare("update movies set title = 'other' where id = ?").run(movie.id);
    requestArrived();
    const afterOther = freeDatabaseVersion(ctx.db);
    expect(afterOther).not.toBe(afterOwn);

    other.prepare("update movies set title = 'again' where id = ?").run(movie.id);
    await nextTurn();
    expect(freeDatabaseVersion(ctx.db)).not.toBe(afterOther);
  });

  it("keeps answers only until another connection commits", async () => {
    const [reader, author] = [await createMember(ctx), await createMember(ctx)];
    const movie = await createMovie(ctx);
    const review = await createReview(ctx, author, movie.id, { rating: 4, content: "처음 글" });
    const url = `/api/reviews/movie/${movie.id}?begin=0&end=10&has_content=true`;
    const read = async (who: TestMember | null) => {
      const res = await injectAs(ctx, who)({ method: "GET", url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Review[];
    };
    expect((await read(null))[0]).toMatchObject({ content: "처음 글", likes_count: 0 });
    expect((await read(reader))[0]).toMatchObject({ like: false });

    other.prepare("update reviews set content = '다른 연결이 고친 글' where id = ?").run(review.id);
    expect((await read(null))[0]).toMatchObject({ content: "다른 연결이 고친 글" });

    const now = new Date().toISOString().slice(0, 19);
    other
      .prepare("insert into review_likes (user_id, target_id, created_at) values (?, ?, ?)")
      .run(reader.id, review.id, now);
    expect((await read(reader))[0]).toMatchObject({ like: true });

    other
      .prepare("insert into blocks (user_id, target_id, created_at) values (?, ?, ?)")
      .run(reader.id, author.id, now);
    expect(await read(reader)).toEqual([]);
    expect(await read(null)).toHaveLength(1);

    other.prepare("update sessions set revoked_at = ? where user_id = ?").run(now, reader.id);
    const refused = await injectAs(ctx, reader)({ method: "GET", url });
    expect(refused.statusCode).toBe(200);
    expect((refused.json() as Review[])[0]).toMatchObject({ like: false });
    const me = await injectAs(ctx, reader)({ method: "GET", url: "/api/users/me" });
    expect(me.statusCode).toBe(401);
  });

  it("moves the table versions of the `tables` rule with another connection's commits", async () => {
    const member = await createMember(ctx);
    const profile = async () =>
      (await injectAs(ctx, null)({ method: "GET", url: `/api/users/profile/${member.id}` })).json();
    expect(await profile()).toMatchObject({ status_message: null });
    other.prepare("update users set status_message = '다른 연결' where id = ?").run(member.id);
    expect(await profile()).toMatchObject({ status_message: "다른 연결" });
    // A private column from elsewhere leaves the kept profile as it is, and the answer right.
    other.prepare("update users set data_version = data_version + 1 where id = ?").run(member.id);
    expect(await profile()).toMatchObject({ status_message: "다른 연결" });
  });
});
