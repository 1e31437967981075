// Issue #22 item 2 (answer caches): one film with ~1,000 long reviews read anonymously with 10,000 distinct windows,
// plus distinct searches, grew the server by 1.26 GB when the caches were bounded by entry count. With the read
// cache's byte budget (CACHE_MAX_MB), the server's resident memory grows by at most the budget + 64 MB. A real server
// process (its RSS read from /proc), on SQLite and PostgreSQL.
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_DATABASE_URL } from "../helpers/context.js";
import { freshDatabase, type ProcessDatabase, removeTemplates } from "../helpers/process-db.js";
import { NO_LIMITS, type ServerProcess, startServer } from "../helpers/server-process.js";

const CACHE_MAX_MB = 32;
const REVIEWS = 1000;
const WINDOWS = 10_000;
const SEARCHES = 600;
const CONCURRENCY = 16;

const databases: ProcessDatabase[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  for (const database of databases) await database.drop();
  removeTemplates();
});

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!kb) throw new Error("no VmRSS");
  return Number(kb[1]) / 1024;
}

/** Runs `count` requests, `CONCURRENCY` at a time; each must answer 200. */
async function flood(count: number, url: (i: number) => string): Promise<void> {
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const res = await fetch(url(next++));
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
      }
    }),
  );
  expect(failures).toBe(0);
}

describe("hostile reads (issue #22 item 2)", () => {
  it(
    "10,000 distinct review windows and distinct searches keep RSS growth within CACHE_MAX_MB + 64 MB",
    { timeout: 180_000 },
    async () => {
      const database = await freshDatabase(TEST_DATABASE_URL);
      databases.push(database);
      // The server first: it migrates and seeds the catalog; the reviews are then written beside it.
      const server = await startServer({
        DATABASE_URL: database.url,
        CACHE_MAX_MB: String(CACHE_MAX_MB),
        ...NO_LIMITS,
      });
      servers.push(server);
      const handle = database.open();
      let movieId: number;
      try {
        const movie = await handle.db
          .selectFrom("movies")
          .select("id")
          .orderBy("id")
          .limit(1)
          .executeTakeFirstOrThrow();
        movieId = movie.id;
        const now = "2026-11-01T00:00:00";
        // Long reviews (1,000 characters each, 3 kB of UTF-8) by 1,000 members, written straight in SQL.
        for (let start = 0; start < REVIEWS; start += 100) {
          const users = await handle.db
            .insertInto("users")
            .values(
              Array.from({ length: 100 }, (_, k) => {
                const name = `hostile_${start + k}`;
                return {
                  username: name,
                  username_lower: name,
                  login_id: name,
                  login_id_lower: name,
                  password_hash: null,
                  login_type: "local" as const,
                  profile_url: null,
                  status_message: null,
                  created_at: now,
                };
              }),
            )
            .returning("id")
            .execute();
          await handle.db
            .insertInto("reviews")
            .values(
              users.map((u, k) => ({
                movie_id: movieId,
                user_id: u.id,
                content: `${start + k}번째 아주 긴 리뷰입니다. `.repeat(100).slice(0, 1000),
                rating: 3,
                status: "Watched",
                spoiler: 0,
                created_at: now,
                updated_at: now,
              })),
            )
            .execute();
        }
      } finally {
        await handle.close();
      }

      const pid = server.child.pid!;
      const reviews = (i: number) => {
        // 10,000 distinct windows: every begin from 0 to 999 with ten different lengths, in three orders; one in 200
        // is a long window (100 to 1,000 rows: megabytes of JSON).
        const begin = i % REVIEWS;
        const end = i % 200 === 0 ? begin + 100 + (i % 900) : begin + 1 + Math.floor(i / REVIEWS);
        const sort = ["oldest", "recent", "likes"][i % 3];
        return `${server.url}/api/reviews/movie/${movieId}?begin=${begin}&end=${end}&sort=${sort}`;
      };
      const search = (i: number) =>
        `${server.url}/api/search?search_q=${encodeURIComponent(`리뷰 ${i} 영화`)}&expand=true&begin=${i % 50}&end=${(i % 50) + 10}`;

      // The baseline: 6,000 requests of the same shapes but few distinct ones (kept windows, windows built every time,
      // long ones, repeated searches). V8's heap grows with the volume of traffic until it reaches its working size
      // (about 70 MB here, distinct keys or not); the peak RSS then is what the server needs for this traffic, and the
      // growth beyond it is what distinct keys cost.
      let peak = rssMb(pid);
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
      let baseline: number;
      try {
        await Promise.all([
          flood(6000, (i) => reviews(i % 200 === 0 ? 200 * (i % 7) : (i % 40) * 251)),
          flood(200, (i) => search(i % 30)),
        ]);
        baseline = Math.max(peak, rssMb(pid));
        peak = 0;
        await Promise.all([flood(WINDOWS, reviews), flood(SEARCHES, (i) => search(1000 + i))]);
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, rssMb(pid));
      const growth = peak - baseline;
      console.log(
        `hostile reads: peak RSS ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB during (+${growth.toFixed(0)} MB)`,
      );
      expect(growth).toBeLessThanOrEqual(CACHE_MAX_MB + 64);
      // Still serving.
      expect((await fetch(reviews(0))).status).toBe(200);
    },
  );
});
