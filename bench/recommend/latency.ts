// Request latency of /api/recommend/* and /api/analysis with a 100,000-movie model, through the real app
// (app.inject: routing, auth, validation, serialisation; no socket). The model is trained from synthetic ratings and stored as the training
// job stores it; the caller has 200 reviews of their own. Measured both right after a rating of the caller (cache
// miss: fold-in and scoring of every movie) and repeated (member cache hit).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp, createServices } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/connection.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { toTimestamp } from "../../apps/server/src/lib/time.js";
import { inTransaction } from "../../apps/server/src/lib/transaction.js";
import { DEFAULT_ALS_PARAMS, trainAls } from "../../apps/server/src/modules/recommend/als.js";
import { encodeModel } from "../../apps/server/src/modules/recommend/model.js";
import { BENCH_TRUE_RANK, generate } from "./synthetic.js";

export interface LatencyRow {
  endpoint: string;
  p50: number;
  p95: number;
  p99: number;
  /** Mean CPU time of the process per request: unaffected by other load on a shared machine. */
  cpuMs: number;
}

const MOVIES = 100_000;
const REQUESTS = 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function measureLatency(log: (line: string) => void): Promise<LatencyRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-rec-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: `sqlite:${path.join(dir, "bench.db")}`,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
    RATE_LIMIT_IP_PER_MIN: "0",
  } as NodeJS.ProcessEnv);
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const now = toTimestamp(new Date());
    log(`inserting ${MOVIES.toLocaleString("en")} movies…`);
    const data = generate({ users: 5_000, items: MOVIES, ratings: 600_000, rank: BENCH_TRUE_RANK, seed: 21 });
    const counts = new Int32Array(MOVIES);
    const sums = new Float64Array(MOVIES);
    data.items.forEach((m, e) => {
      counts[m]!++;
      sums[m]! += Math.round(data.values[e]! * 10);
    });
    await inTransaction(database.db, async (trx) => {
      for (let start = 0; start < MOVIES; start += 500) {
        const rows = [];
        for (let m = start; m < Math.min(MOVIES, start + 500); m++) {
          rows.push({
            id: m + 1,
            key: `bench-${m}`,
            title: `영화 ${m}`,
            original_title: `Movie ${m}`,
            english_title: null,
            year: 2000 + (m % 25),
            running_time: 100,
            grade: null,
            synopsis: "",
            poster_url: null,
            backdrop_url: null,
            rating_sum: sums[m]!,
            ratings_count: counts[m]!,
            created_at: now,
          });
        }
        await trx.insertInto("movies").values(rows).execute();
      }
    });
    log(`training on ${data.values.length.toLocaleString("en")} synthetic ratings…`);
    // Synthetic member ids 1…5000 and movie ids 1…100000 (the generator counts from 0).
    const trained = trainAls(
      { users: data.users.map((u) => u + 1), items: data.items.map((m) => m + 1), values: data.values },
      DEFAULT_ALS_PARAMS,
    );
    await database.db
      .insertInto("recommender_models")
      .values({ trained_at: now, ratings_seen: data.values.length, payload: encodeModel(trained) })
      .execute();
    const services = createServices({ config, database });
    const app = await buildApp({ config, database, services, logger: false });
    const user = await database.db
      .insertInto("users")
      .values({
        username: "bench_user",
        username_lower: "bench_user",
        login_id: null,
        login_id_lower: null,
        password_hash: null,
        login_type: "local",
        profile_url: null,
        status_message: null,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The caller's own reviews: 200 rated films among the popular ones (read fresh on every request).
    const reviews = Array.from({ length: 200 }, (_, i) => ({
      movie_id: data.items[i * 997]! + 1,
      user_id: user.id,
      content: "",
      rating: 0.5 + (i % 10) * 0.5,
      status: "",
      spoiler: 0,
      created_at: now,
      updated_at: now,
    }));
    const unique = [...new Map(reviews.map((r) => [r.movie_id, r])).values()];
    await database.db.insertInto("reviews").values(unique).execute();
    const { access_token } = await services.auth.startSession(user.id);
    const headers = { authorization: `Bearer ${access_token}` };
    const rows: LatencyRow[] = [];
    // Cache misses: before each timed read the caller changes one rating (untimed), which moves their data_version,
    // so the read folds them in again and scores every movie. Cache hits: the same read repeated.
    let flip = 0;
    const rateOne = async () => {
      flip++;
      await services.reviews.upsertMine(user.id, unique[0]!.movie_id, { rating: 1 + (flip % 8) * 0.5 });
    };
    for (const url of [
      "/api/recommend/expect?limit=10",
      "/api/recommend/difference?limit=50",
      "/api/recommend/predict/77",
      `/api/analysis/${user.id}?search_q=rating`,
      `/api/analysis/${user.id}?search_q=preference`,
    ]) {
      for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url, headers }); // warm-up, first model load
      for (const miss of [true, false]) {
        const times: number[] = [];
        let cpuMicros = 0;
        for (let i = 0; i < REQUESTS; i++) {
          if (miss) await rateOne();
          const cpu = process.cpuUsage();
          const start = performance.now();
          const res = await app.inject({ method: "GET", url, headers });
          times.push(performance.now() - start);
          const used = process.cpuUsage(cpu);
          cpuMicros += used.user + used.system;
          if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
        }
        times.sort((a, b) => a - b);
        rows.push({
          endpoint: `${url} (${miss ? "after a rating: recomputed" : "repeated: cached"})`,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          cpuMs: cpuMicros / 1000 / REQUESTS,
        });
      }
    }
    await app.close();
    return rows;
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
