// POST /api/users/me/imports, GET /api/users/me/imports/{id} (issue #19, docs/imports.md): fixture files in each
// format with the awkward cases (BOM, CRLF, a broken quote, a rating of 7, an unknown title, duplicates, a short line,
// invalid UTF-8), a Letterboxd zip built here with fflate, idempotent re-imports, overwrite, every error status, and
// counters equal to recounts afterwards. Real app, real database (SQLite, then PostgreSQL).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ImportJob, Review } from "@moviepedia/contract";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toTimestamp } from "../src/lib/time.js";
import { indexSearchDocument } from "../src/modules/search/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, injectAs, type TestMember } from "./helpers/factories.js";
import { counterMismatches } from "./helpers/integrity.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures/imports");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let ctx: TestContext;
const films: Record<string, number> = {};

async function film(key: string, title: string, original: string, year: number, imdb: string | null = null) {
  const movie = await createMovie(ctx, { title, originalTitle: original, year });
  await ctx.db.updateTable("movies").set({ imdb_id: imdb }).where("id", "=", movie.id).execute();
  // The product indexes every film it writes (catalog import, sync); the factory does not.
  await indexSearchDocument(ctx.db, "movie", movie.id, [title, original]);
  films[key] = movie.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await film("parasite", "기생충", "Parasite", 2019, "tt6751668");
  await film("okja", "옥자", "Okja", 2017);
  await film("memories", "살인의 추억", "Memories of Murder", 2003, "tt0353969");
  await film("host", "괴물", "The Host", 2006, "tt0468492");
  await film("mother", "마더", "Mother", 2009);
});
afterAll(async () => {
  await ctx?.close();
});

function upload(
  member: TestMember | null,
  query: string,
  body: Buffer | Uint8Array | string,
  contentType: string | undefined,
) {
  return injectAs(
    ctx,
    member,
  )({
    method: "POST",
    url: `/api/users/me/imports${query}`,
    headers: contentType ? { "content-type": contentType } : {},
    payload: Buffer.from(body),
  });
}

async function report(member: TestMember, id: number): Promise<ImportJob> {
  await ctx.services.imports.idle();
  const res = await injectAs(ctx, member)({ method: "GET", url: `/api/users/me/imports/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json<ImportJob>();
}

/** Uploads a file, expects 202 and answers the finished report. */
async function importFile(member: TestMember, query: string, body: Buffer | Uint8Array | string, type: string) {
  const res = await upload(member, query, body, type);
  expect(res.statusCode, res.body).toBe(202);
  const job = await report(member, res.json<{ id: number }>().id);
  expect(job.status).toBe("done");
  return job;
}

async function myReviews(member: TestMember) {
  const res = await injectAs(ctx, member)({ method: "GET", url: "/api/reviews/user" });
  const byMovie = new Map<number, Review>();
  for (const r of res.json<Review[]>()) byMovie.set(r.movie_id, r);
  return byMovie;
}

const unmatchedOf = (job: ImportJob) => job.unmatched.map((u) => [u.line, u.reason]);

describe("Letterboxd ratings.csv", () => {
  let member: TestMember;
  beforeEach(async () => {
    member = await createMember(ctx);
  });

  it("imports the good lines and reports each bad one (BOM, CRLF, broken quote, 7 stars, unknown, short)", async () => {
    const job = await importFile(member, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv");
    expect(job).toMatchObject({ format: "letterboxd", total: 8, processed: 8, matched: 4, created: 3, updated: 0 });
    expect(job.skipped).toBe(1); // the duplicate Parasite line changes nothing
    expect(unmatchedOf(job)).toEqual([
      [4, "broken_line"],
      [5, "invalid_rating"],
      [6, "not_found"],
      [8, "column_count"],
    ]);
    expect(job.unmatched_count).toBe(4);
    expect(job.unmatched.find((u) => u.reason === "not_found")).toMatchObject({
      file: null,
      title: "A Film Nobody Has Heard Of",
      year: 1999,
      rating: 2,
    });
    expect(job.finished_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const mine = await myReviews(member);
    expect(mine.get(films.parasite!)?.rating).toBe(4.5);
    expect(mine.get(films.okja!)?.rating).toBe(3.5);
    // "살인의  추억" (two spaces, 2004) is 살인의 추억 (2003): Korean-aware normalisation, year ± 1.
    expect(mine.get(films.memories!)?.rating).toBe(5);
    expect(mine.size).toBe(3);
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("changes nothing on a second import of the same file", async () => {
    await importFile(member, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv");
    const rows = () =>
      ctx.db
        .selectFrom("reviews")
        .select(["id", "movie_id", "rating", "status", "content", "updated_at"])
        .where("user_id", "=", member.id)
        .orderBy("id")
        .execute();
    const before = await rows();
    ctx.clock.advance(60);
    const again = await importFile(member, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv");
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 4, unmatched_count: 4 });
    expect(await rows()).toEqual(before);
    const movie = await ctx.db
      .selectFrom("movies")
      .select("ratings_count")
      .where("id", "=", films.okja!)
      .executeTakeFirst();
    expect(movie?.ratings_count).toBeGreaterThanOrEqual(1);
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("keeps an existing rating unless overwrite=true", async () => {
    await injectAs(
      ctx,
      member,
    )({
      method: "PUT",
      url: `/api/reviews/movie/${films.okja}/mine`,
      payload: { rating: 1 },
    });
    const kept = await importFile(member, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv");
    expect(kept.created).toBe(2);
    expect((await myReviews(member)).get(films.okja!)?.rating).toBe(1);
    const replaced = await importFile(
      member,
      "?format=letterboxd&overwrite=true",
      fixture("letterboxd-ratings.csv"),
      "text/csv",
    );
    expect(replaced).toMatchObject({ overwrite: true, updated: 1, created: 0 });
    expect((await myReviews(member)).get(films.okja!)?.rating).toBe(3.5);
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("reports lines with bytes that are not UTF-8 and imports the rest", async () => {
    const body = Buffer.concat([
      Buffer.from("Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Okja,2017,u,4\n2024-01-02,Bad"),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(",2010,u,3\n"),
    ]);
    const job = await importFile(member, "?format=letterboxd", body, "text/csv; charset=utf-8");
    expect(job.created).toBe(1);
    expect(unmatchedOf(job)).toEqual([[3, "invalid_utf8"]]);
  });
});

describe("a whole Letterboxd export (zip)", () => {
  it("reads ratings, reviews, watchlist and watched", async () => {
    const member = await createMember(ctx);
    const zip = zipSync({
      "letterboxd-someone-2024-05-01/ratings.csv": new Uint8Array(fixture("letterboxd-ratings.csv")),
      "letterboxd-someone-2024-05-01/reviews.csv": new Uint8Array(fixture("letterboxd-reviews.csv")),
      "letterboxd-someone-2024-05-01/watchlist.csv": new Uint8Array(fixture("letterboxd-watchlist.csv")),
      "letterboxd-someone-2024-05-01/watched.csv": new Uint8Array(fixture("letterboxd-watched.csv")),
      "letterboxd-someone-2024-05-01/deleted/reviews.csv": strToU8("Date,Name,Year\n2020-01-01,Okja,2017\n"),
      "letterboxd-someone-2024-05-01/profile.csv": strToU8("Username\nsomeone\n"),
    });
    const job = await importFile(member, "?format=letterboxd", zip, "application/zip");
    expect(job.total).toBe(8 + 2 + 2 + 1);
    expect(job.unmatched.map((u) => [u.file, u.line, u.reason])).toEqual([
      ["ratings.csv", 4, "broken_line"],
      ["ratings.csv", 5, "invalid_rating"],
      ["ratings.csv", 6, "not_found"],
      ["ratings.csv", 8, "column_count"],
    ]);
    const mine = await myReviews(member);
    const okja = mine.get(films.okja!)!;
    expect(okja).toMatchObject({ rating: 3.5, spoiler: false });
    expect(okja.content).toBe('Loved the pig.\nSecond line, with a comma and "quotes".');
    expect(mine.get(films.mother!)).toMatchObject({ rating: 0, content: "Text only, no rating", status: "" });
    expect(mine.get(films.host!)).toMatchObject({ rating: 0, status: "WatchList" });
    // Rated already: 보고싶어요 does not go on a film the member has seen.
    expect(mine.get(films.parasite!)).toMatchObject({ rating: 4.5, status: "" });
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("refuses a zip without any Letterboxd file, and bytes that are no zip", async () => {
    const member = await createMember(ctx);
    const empty = await upload(member, "?format=letterboxd", zipSync({ "x.txt": strToU8("hi") }), "application/zip");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "INVALID_IMPORT_FILE" });
    const junk = await upload(member, "?format=letterboxd", "not a zip at all", "application/zip");
    expect(junk.statusCode).toBe(400);
    expect(junk.json().code).toBe("INVALID_IMPORT_FILE");
  });
});

describe("IMDb ratings.csv", () => {
  it("matches by IMDb id and halves 1–10 (rounded half up)", async () => {
    const member = await createMember(ctx);
    const job = await importFile(member, "?format=imdb", fixture("imdb-ratings.csv"), "text/csv");
    expect(job).toMatchObject({ total: 5, matched: 3, created: 3 });
    expect(unmatchedOf(job)).toEqual([
      [5, "invalid_rating"],
      [6, "not_found"],
    ]);
    const mine = await myReviews(member);
    expect(mine.get(films.parasite!)?.rating).toBe(4.5);
    expect(mine.get(films.memories!)?.rating).toBe(3.5);
    expect(mine.get(films.host!)?.rating).toBe(5);
    expect(await counterMismatches(ctx)).toEqual([]);
  });

  it("refuses a CSV that is not an IMDb export", async () => {
    const member = await createMember(ctx);
    const res = await upload(member, "?format=imdb", fixture("letterboxd-watchlist.csv"), "text/csv");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "INVALID_IMPORT_FILE" });
    expect(res.json().detail).toContain("'Const'");
  });
});

describe("errors, in API.md §2.2 order", () => {
  it("401 without a bearer, before anything about the body", async () => {
    const res = await upload(null, "?format=letterboxd", "x", "text/plain");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("AUTH_REQUIRED");
  });

  it("415 for a body type no import takes, or one the format does not take", async () => {
    const member = await createMember(ctx);
    const plain = await upload(member, "?format=letterboxd", "a,b", "text/plain");
    expect(plain.statusCode).toBe(415);
    expect(plain.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const mismatch = await upload(member, "?format=imdb", zipSync({}), "application/zip");
    expect(mismatch.statusCode).toBe(415);
    const json = await upload(member, "?format=letterboxd", "{}", "application/json");
    expect(json.statusCode).toBe(415);
  });

  it("413 over 10 MB", async () => {
    const member = await createMember(ctx);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x61);
    const res = await upload(member, "?format=letterboxd", big, "text/csv");
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("BODY_TOO_LARGE");
  });

  it("400 for a missing or unknown format, a bad overwrite, an empty file, a CSV of another kind", async () => {
    const member = await createMember(ctx);
    const csv = fixture("letterboxd-ratings.csv");
    expect((await upload(member, "", csv, "text/csv")).json()).toMatchObject({ code: "MISSING_FIELD" });
    const unknown = await upload(member, "?format=netflix", csv, "text/csv");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe("INVALID_FIELD");
    expect(unknown.json().detail).toContain("'format'");
    expect((await upload(member, "?format=imdb&overwrite=yes", csv, "text/csv")).json().code).toBe("INVALID_FIELD");
    const empty = await upload(member, "?format=letterboxd", "", "text/csv");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("INVALID_IMPORT_FILE");
    const other = await upload(member, "?format=letterboxd", "foo,bar\n1,2\n", "text/csv");
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toContain("'Name'");
    const notOurs = await upload(member, "?format=moviepedia", '{"reviews":[]}', "application/json");
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json().code).toBe("INVALID_IMPORT_FILE");
    const badJson = await upload(member, "?format=moviepedia", "{", "application/json");
    expect(badJson.json().code).toBe("INVALID_IMPORT_FILE");
    // API.md §2.2: the query is checked before the file.
    const both = await upload(member, "?format=netflix", "foo,bar\n1,2\n", "text/csv");
    expect(both.json()).toMatchObject({ code: "INVALID_FIELD", detail: expect.stringContaining("'format'") });
  });

  it("409 IMPORT_RUNNING while one is queued or running; a dead one stops blocking after 10 minutes", async () => {
    const member = await createMember(ctx);
    const at = toTimestamp(ctx.clock.now());
    await ctx.db
      .insertInto("imports")
      .values({
        user_id: member.id,
        format: "imdb",
        status: "running",
        overwrite: 0,
        total: 10,
        processed: 3,
        matched: 3,
        created: 3,
        updated: 0,
        skipped: 0,
        unmatched_total: 0,
        unmatched: "[]",
        error: null,
        created_at: at,
        heartbeat_at: at,
        finished_at: null,
      })
      .execute();
    const busy = await upload(member, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv");
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe("IMPORT_RUNNING");
    // Another member is not blocked.
    const other = await createMember(ctx);
    expect((await upload(other, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv")).statusCode).toBe(
      202,
    );
    ctx.clock.advance(11 * 60);
    const later = await upload(member, "?format=letterboxd", fixture("letterboxd-ratings.csv"), "text/csv");
    expect(later.statusCode).toBe(202);
    await ctx.services.imports.idle();
    const statuses = await ctx.db
      .selectFrom("imports")
      .select(["status", "error"])
      .where("user_id", "=", member.id)
      .orderBy("id")
      .execute();
    expect(statuses).toEqual([
      { status: "failed", error: "interrupted" },
      { status: "done", error: null },
    ]);
  });

  it("404 for another member's import and for unknown ids; 400 for a malformed id", async () => {
    const owner = await createMember(ctx);
    const stranger = await createMember(ctx);
    const res = await upload(owner, "?format=imdb", fixture("imdb-ratings.csv"), "text/csv");
    const { id } = res.json<{ id: number }>();
    await ctx.services.imports.idle();
    const theirs = await injectAs(ctx, stranger)({ method: "GET", url: `/api/users/me/imports/${id}` });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("IMPORT_NOT_FOUND");
    const unknown = await injectAs(ctx, owner)({ method: "GET", url: "/api/users/me/imports/99999999999" });
    expect(unknown.statusCode).toBe(404);
    const bad = await injectAs(ctx, owner)({ method: "GET", url: "/api/users/me/imports/abc" });
    expect(bad.statusCode).toBe(400);
    const anonymous = await injectAs(ctx, null)({ method: "GET", url: `/api/users/me/imports/${id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
