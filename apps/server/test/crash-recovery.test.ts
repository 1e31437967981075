// Faults (issue 10 item 6), on the real server process: SIGKILL during a write load loses no acknowledged write and
// leaves every counter equal to its recount; SIGTERM lets requests in flight finish; and on SQLite, many parallel
// writers — through one server, or through two processes sharing the file — never surface "database is locked".
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { dialectUnderTest, TEST_DATABASE_URL } from "./helpers/context.js";
import { counterMismatches } from "./helpers/integrity.js";
import { acknowledged, missingWrites, prepare } from "./helpers/load-checks.js";
import { freshDatabase, type ProcessDatabase, removeTemplates } from "./helpers/process-db.js";
import { NO_LIMITS, type ServerProcess, startServer } from "./helpers/server-process.js";
import { inFlightUpload, sendAll } from "./helpers/slow-request.js";
import { type Ledger, newMember, writeLoad } from "./helpers/write-load.js";

const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop("SIGKILL")));
  removeTemplates();
});

async function boot(databaseUrl: string): Promise<ServerProcess> {
  const server = await startServer({ DATABASE_URL: databaseUrl, ...NO_LIMITS });
  servers.push(server);
  return server;
}

/** Stored counters against recounts, read straight from the database (and SQLite's own consistency check). */
async function expectConsistent(database: ProcessDatabase): Promise<void> {
  const handle = database.open();
  try {
    expect(await counterMismatches(handle)).toEqual([]);
    if (handle.dialect === "sqlite") {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(handle.db);
      expect(rows.map((r) => r.integrity_check)).toEqual(["ok"]);
    }
  } finally {
    await handle.close();
  }
}

describe(`faults on ${dialectUnderTest}`, () => {
  it(
    "keeps every acknowledged write after SIGKILL mid-load; counters equal recounts",
    { timeout: 120_000 },
    async () => {
      const database = await freshDatabase(TEST_DATABASE_URL);
      try {
        const first = await boot(database.url);
        const { movieIds, personIds, members } = await prepare(first.url, 4);
        let killed = false;
        const load = writeLoad({
          bases: [first.url],
          workers: 12,
          members,
          movieIds,
          personIds,
          running: () => !killed,
        });
        // Kill after a while of load, with every worker mid-request.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        first.child.kill("SIGKILL");
        killed = true;
        expect((await first.exited).signal).toBe("SIGKILL");
        const ledger = await load;
        expect(ledger.failures).toEqual([]);
        expect(acknowledged(ledger)).toBeGreaterThan(30);
        // No worker went round its lane of movies: each (member, movie) pair was rated once, so a rating cut off by
        // the crash can never hide behind an earlier acknowledged one.
        expect(new Set(ledger.ratings.map((r) => `${r.member.id}:${r.movieId}`)).size).toBe(ledger.ratings.length);

        const second = await boot(database.url);
        expect(await missingWrites(second.url, ledger)).toEqual([]);
        await expectConsistent(database);
        await second.stop();
      } finally {
        await database.drop();
      }
    },
  );

  it("finishes requests in flight on SIGTERM, then exits 0", { timeout: 60_000 }, async () => {
    const database = await freshDatabase(TEST_DATABASE_URL);
    try {
      const server = await boot(database.url);
      const member = await newMember(server.url);
      // A collection POST whose body is still arriving when the signal comes, and a burst of complete requests
      // already sitting in the server's sockets (a busy server has not read them yet).
      const upload = await inFlightUpload(server.url, "/api/collections", member.token, { title: "종료 중 컬렉션" });
      const burst = sendAll(
        server.url,
        Array.from({ length: 40 }, (_, i) =>
          i % 2
            ? { method: "GET", path: "/api/movies?end=200", token: member.token }
            : { method: "PUT", path: `/api/reviews/movie/${i + 1}/mine`, token: member.token, body: { rating: 4 } },
        ),
      );
      await burst.written;
      server.child.kill("SIGTERM");
      const answer = await upload.finish();
      expect(answer.status, answer.body).toBe(201);
      for (const { status, body } of await burst.answers) expect(status, body).toBeLessThan(300);
      expect(await server.exited).toEqual({ code: 0, signal: null });

      const handle = database.open();
      try {
        const created = (answer.json as { id: number }).id;
        const row = await handle.db
          .selectFrom("collections")
          .select("title")
          .where("id", "=", created)
          .executeTakeFirst();
        expect(row?.title).toBe("종료 중 컬렉션");
        const rated = await handle.db.selectFrom("reviews").select("id").where("user_id", "=", member.id).execute();
        expect(rated).toHaveLength(20);
      } finally {
        await handle.close();
      }
    } finally {
      await database.drop();
    }
  });
});

// SQLite is embedded: one process per file by design, yet a second process on the same file must not break it.
if (dialectUnderTest === "sqlite") {
  describe("SQLite under concurrent writers", () => {
    it(
      "answers every write of 32 parallel writers on one server, then of two processes on one file",
      { timeout: 120_000 },
      async () => {
        const database = await freshDatabase(undefined);
        try {
          const [a, b] = await Promise.all([boot(database.url), boot(database.url)]);
          const { movieIds, personIds, members } = await prepare(a.url, 8);
          const run = async (bases: string[], workers: number, ms: number): Promise<Ledger> => {
            const until = Date.now() + ms;
            return writeLoad({ bases, workers, members, movieIds, personIds, running: () => Date.now() < until });
          };
          const expectAllAnswered = async (ledger: Ledger) => {
            expect(ledger.failures).toEqual([]);
            expect(ledger.cut).toBe(0);
            expect(acknowledged(ledger)).toBeGreaterThan(50);
            expect(await missingWrites(b.url, ledger)).toEqual([]);
          };
          // One process: every request on its one connection, transactions one after another.
          await expectAllAnswered(await run([a.url], 32, 2500));
          // Two processes: transactions wait for each other's write lock (BEGIN IMMEDIATE + busy_timeout).
          await expectAllAnswered(await run([a.url, b.url], 16, 3000));
          await Promise.all([a.stop(), b.stop()]);
          expect([...a.lines, ...b.lines].filter((l) => /locked|SQLITE_BUSY|"level":50/.test(l))).toEqual([]);
          await expectConsistent(database);
        } finally {
          await database.drop();
        }
      },
    );
  });
}
