// READ_ONLY instances (replicas for anonymous reads): a server on a PostgreSQL hot standby boots without writing,
// serves the primary's data and refuses every write with 503. The standby is simulated by connecting with
// `default_transaction_read_only=on`, which makes PostgreSQL refuse any write exactly as a standby does. PostgreSQL
// pass only (`npm test` runs the suite once per database); SQLite refuses READ_ONLY at boot (config.test.ts).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialectUnderTest, TEST_DATABASE_URL } from "./helpers/context.js";
import { api, freshPostgresSchema, NO_LIMITS, type ServerProcess, startServer } from "./helpers/server-process.js";
import { type LoadMember, newMember } from "./helpers/write-load.js";

/** The same schema through connections on which PostgreSQL refuses every write (as on a hot standby). */
function readOnlyUrl(schemaUrl: string, schema: string): string {
  const url = new URL(schemaUrl);
  url.searchParams.set("options", `-c search_path=${schema} -c default_transaction_read_only=on`);
  return url.toString();
}

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe("READ_ONLY on SQLite", () => {
  it("stops the server at boot with a clear message", async () => {
    await expect(startServer({ DATABASE_URL: "sqlite::memory:", READ_ONLY: "true" })).rejects.toThrow(
      /READ_ONLY: needs PostgreSQL/,
    );
  });
});

if (dialectUnderTest === "postgres") {
  describe("a READ_ONLY instance on a read-only PostgreSQL connection", () => {
    let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
    let primary: ServerProcess;
    let replica: ServerProcess;
    let member: LoadMember;

    beforeAll(async () => {
      schema = await freshPostgresSchema(TEST_DATABASE_URL!);
      // The primary migrates, seeds the catalog, builds the search index and runs the jobs.
      primary = await startServer({ ...NO_LIMITS, DATABASE_URL: schema.url, LOG_LEVEL: "info" });
      member = await newMember(primary.url);
      for (const [movie, rating] of [
        [1, 4.5],
        [2, 3],
        [5, 5],
      ] as const) {
        const put = await api(primary.url, "PUT", `/api/reviews/movie/${movie}/mine`, {
          token: member.token,
          body: { rating, content: `리뷰 ${movie}` },
        });
        expect(put.status).toBe(201);
      }
      const collection = await api(primary.url, "POST", "/api/collections", {
        token: member.token,
        body: { title: "복제본 컬렉션", movie_ids: [1, 2, 3] },
      });
      expect(collection.status).toBe(201);
      replica = await startServer({
        ...NO_LIMITS,
        DATABASE_URL: readOnlyUrl(schema.url, schema.schema),
        READ_ONLY: "true",
        LOG_LEVEL: "info",
      });
    }, 120_000);

    afterAll(async () => {
      await Promise.all([primary?.stop(), replica?.stop()]);
      await schema?.drop();
    });

    it("really is on a connection that refuses writes", async () => {
      const client = new pg.Client({ connectionString: readOnlyUrl(schema.url, schema.schema) });
      await client.connect();
      try {
        await expect(client.query("delete from job_leases")).rejects.toThrow(/read-only transaction/);
      } finally {
        await client.end();
      }
    });

    it("is needed: without READ_ONLY, jobs fail on that connection and a write answers 503", async () => {
      const plain = await startServer({ ...NO_LIMITS, DATABASE_URL: readOnlyUrl(schema.url, schema.schema) });
      try {
        const signup = await api(plain.url, "POST", "/api/users/signup", {
          body: { username: "plain_x", login_id: "plain_xx", login_password: "abcd1234" },
        });
        // PostgreSQL's read_only_sql_transaction (25006) is the database refusing writes, not a fault of the server:
        // 503 DATABASE_UNAVAILABLE like any other write the database cannot take (issue #22), logged with its reason.
        expect(signup.status).toBe(503);
        expect(signup.body).toEqual({ detail: expect.any(String), code: "DATABASE_UNAVAILABLE" });
        expect(plain.lines.some((l) => l.includes("read-only transaction"))).toBe(true);
      } finally {
        await plain.stop();
      }
    });

    it("booted without migrating, seeding, indexing or running jobs, and logged no error", () => {
      expect(replica.lines.some((l) => l.includes('"read-only instance'))).toBe(true);
      expect(replica.lines.filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
      for (const message of ["seeded an empty database", "built the search index", "recommender model trained"]) {
        expect(replica.lines.some((l) => l.includes(message))).toBe(false);
      }
    });

    it("answers anonymous reads with the primary's bodies", async () => {
      const paths = [
        "/api/health",
        "/api/movies?begin=0&end=30",
        "/api/movies/1",
        "/api/movies?ids=3,1,2",
        "/api/movies?chart_type=box_office",
        "/api/movies?chart_type=watcha10",
        "/api/movies?chart_type=netflix",
        "/api/participants/1",
        "/api/participants/1/movies?begin=0&end=10",
        "/api/reviews/movie/1?begin=0&end=10&sort=likes",
        "/api/reviews/1",
        "/api/comments/review/1?begin=0&end=10",
        "/api/collection_comments/1/list?begin=0&end=10",
        `/api/reviews/user/${member.id}?begin=0&end=10`,
        `/api/users/profile/${member.id}`,
        `/api/analysis/${member.id}?search_q=rating`,
        `/api/analysis/${member.id}?search_q=preference`,
        `/api/collections/list/${member.id}?begin=0&end=10`,
        "/api/collections/1",
        "/api/search?search_q=%EA%B8%B0%EC%83%9D%EC%B6%A9&begin=0&end=10",
        "/api/search?search_q=%E3%84%B1%E3%85%85%E3%84%8A&begin=0&end=10&expand=true",
        "/api/search?search_q=%EB%93%9C%EB%9D%BC%EB%A7%88&begin=0&end=10",
        "/api/auth/providers",
      ];
      for (const path of paths) {
        const [fromPrimary, fromReplica] = await Promise.all([
          api(primary.url, "GET", path),
          api(replica.url, "GET", path),
        ]);
        expect(fromReplica.status, path).toBe(200);
        expect(fromReplica.body, path).toEqual(fromPrimary.body);
      }
    });

    it("serves a signed-in member's reads too (the session check only reads)", async () => {
      const me = await api(replica.url, "GET", "/api/users/me", { token: member.token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual((await api(primary.url, "GET", "/api/users/me", { token: member.token })).body);
      for (const path of [
        "/api/reviews/movie/1/mine",
        "/api/reviews/list/1?begin=0&end=10",
        "/api/comments/list/1?begin=0&end=10",
        `/api/users/blocked_users/${member.id}`,
        "/api/participants/like/1",
      ]) {
        const [fromPrimary, fromReplica] = await Promise.all([
          api(primary.url, "GET", path, { token: member.token }),
          api(replica.url, "GET", path, { token: member.token }),
        ]);
        expect(fromReplica.status, path).toBe(200);
        expect(fromReplica.body, path).toEqual(fromPrimary.body);
      }
      // Recommendations use the stored model, which each instance polls (never trains here).
      const expect_ = await api(replica.url, "GET", "/api/recommend/expect", { token: member.token });
      expect(expect_.status).toBe(200);
      expect(Array.isArray(expect_.body)).toBe(true);
    });

    it("refuses every write with 503 and the error shape, and nothing is written", async () => {
      const [users, reviews, collections] = await Promise.all(
        ["users", "reviews", "collections"].map((t) => count(schema.url, t)),
      );
      const writes: [string, string, unknown, string | undefined][] = [
        [
          "POST",
          "/api/users/signup",
          { username: "replica_x", login_id: "replica_x", login_password: "abcd1234" },
          undefined,
        ],
        ["POST", "/api/users/signin", { login_id: "replica_x", login_password: "abcd1234" }, undefined],
        ["PUT", "/api/reviews/movie/7/mine", { rating: 4 }, member.token],
        ["POST", "/api/collections", { title: "안 됨" }, member.token],
        ["PATCH", "/api/participants/like/1", undefined, member.token],
        ["DELETE", "/api/reviews/1", undefined, member.token],
        ["POST", "/api/users/logout", undefined, member.token],
        ["POST", "/api/no/such/route", { a: 1 }, undefined],
      ];
      for (const [method, path, body, token] of writes) {
        const res = await api(replica.url, method, path, { body, token });
        expect(res.status, `${method} ${path}`).toBe(503);
        expect(res.body).toEqual({ detail: expect.any(String), code: "DATABASE_UNAVAILABLE" });
      }
      expect(await Promise.all(["users", "reviews", "collections"].map((t) => count(schema.url, t)))).toEqual([
        users,
        reviews,
        collections,
      ]);
      // The logout was refused, so the session still works.
      expect((await api(primary.url, "GET", "/api/users/me", { token: member.token })).status).toBe(200);
    });

    it("shows a change written through the primary", async () => {
      const movieId = 9;
      const before = (await api(replica.url, "GET", `/api/movies/${movieId}`)).body as { ratings_count: number };
      const put = await api(primary.url, "PUT", `/api/reviews/movie/${movieId}/mine`, {
        token: member.token,
        body: { rating: 3.5 },
      });
      expect(put.status).toBe(201);
      const after = await api(replica.url, "GET", `/api/movies/${movieId}`);
      expect((after.body as { ratings_count: number }).ratings_count).toBe(before.ratings_count + 1);
      expect(after.body).toEqual((await api(primary.url, "GET", `/api/movies/${movieId}`)).body);
      const reviews = `/api/reviews/movie/${movieId}?begin=0&end=10`;
      expect((await api(replica.url, "GET", reviews)).body).toEqual((await api(primary.url, "GET", reviews)).body);
    });

    it("refuses to boot on a schema that is not at the latest migration", async () => {
      const empty = await freshPostgresSchema(TEST_DATABASE_URL!);
      try {
        await expect(
          startServer({ DATABASE_URL: readOnlyUrl(empty.url, empty.schema), READ_ONLY: "true" }),
        ).rejects.toThrow(/READ_ONLY: the database is not at this version's latest migration \(missing: 0001-initial/);
      } finally {
        await empty.drop();
      }
    });

    it("refuses to boot on a search index built by another version", async () => {
      const key = "search_index_version";
      await query(schema.url, `update app_state set value = value || '-old' where key = '${key}'`);
      try {
        await expect(
          startServer({ DATABASE_URL: readOnlyUrl(schema.url, schema.schema), READ_ONLY: "true" }),
        ).rejects.toThrow(/READ_ONLY: the database's search index was not built by this version/);
      } finally {
        await query(schema.url, `update app_state set value = replace(value, '-old', '') where key = '${key}'`);
      }
    });
  });
}
