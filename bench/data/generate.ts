// `npm run bench:data -- --scale=large|small [--db=var/bench.db] [--schema=bench]`: a fresh synthetic database for
// the benchmarks, built with the app's migrations and search index. SQLite by default; PostgreSQL when DATABASE_URL
// is set (into its own schema). Prints a progress bar per step and a summary; records the index build time.
import cliProgress from "cli-progress";
import { sql } from "kysely";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { syncIdSequences } from "../../apps/server/src/db/seed/batch.js";
import type { Database } from "../../apps/server/src/db/types.js";
import { rebuildSearchIndex } from "../../apps/server/src/modules/search/index.js";
import { BENCH_META_KEY, benchTarget, flag, formatBytes, openTarget, resetTarget, targetSize } from "../shared/database.js";
import { Random } from "../shared/random.js";
import * as gen from "./entities.js";

const SCALES: Record<string, gen.Scale> = {
  large: { movies: 100_000, people: 300_000, users: 50_000, collections: 20_000 },
  small: { movies: 5_000, people: 15_000, users: 2_000, collections: 1_000 },
};

const TABLES: Array<keyof Database & string> = [
  "movies",
  "movie_genres",
  "people",
  "credits",
  "users",
  "collections",
  "collection_movies",
  "search_documents",
];

async function main(): Promise<void> {
  const scaleName = flag("scale") ?? "large";
  const scale = SCALES[scaleName];
  if (!scale) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(", ")}`);
  const target = benchTarget();
  console.log(`Generating the ${scaleName} dataset into ${target.label}`);
  await resetTarget(target);
  const handle = openTarget(target);
  const db = handle.db;
  await migrateToLatest(db, target.dialect === "postgres" ? { schema: target.schema } : {});
  const ctx: gen.GeneratorContext = { db, scale, random: new Random(20250101), createdAt: "2025-01-01T00:00:00" };

  const bar = new cliProgress.SingleBar(
    { format: " {step} [{bar}] {percentage}% {value}/{total} {duration}s", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const timings: Array<[string, number]> = [];
  async function step(name: string, size: number, work: (tick: gen.Tick) => Promise<void>): Promise<number> {
    const started = performance.now();
    bar.start(size, 0, { step: name.padEnd(18) });
    await work((done) => bar.update(done));
    bar.update(size);
    bar.stop();
    const ms = performance.now() - started;
    timings.push([name, ms]);
    return ms;
  }

  await step("genres, countries", 1, () => gen.generateVocabulary(ctx));
  await step("movies", scale.movies, (tick) => gen.generateMovies(ctx, tick));
  await step("people", scale.people, (tick) => gen.generatePeople(ctx, tick));
  await step("credits", scale.movies, (tick) => gen.generateCredits(ctx, tick));
  await step("users", scale.users, (tick) => gen.generateUsers(ctx, tick));
  await step("collections", scale.collections, (tick) => gen.generateCollections(ctx, tick));
  await step("counters", 1, () => gen.recountCounters(ctx));
  await syncIdSequences(db, ["movies", "genres", "countries", "people", "credits", "users", "collections"]);

  const totalRecords = scale.movies + scale.people + scale.users + scale.collections;
  let documents = 0;
  const indexMs = await step("search index", totalRecords, async (tick) => {
    let base = 0;
    let lastKind = "";
    let lastTotal = 0;
    const result = await rebuildSearchIndex(db, ({ kind, done, total }) => {
      if (kind !== lastKind) {
        base += lastTotal;
        lastKind = kind;
      }
      lastTotal = total;
      tick(base + done, totalRecords);
    });
    documents = result.documents;
  });
  // Fresh bulk-loaded tables: statistics for the planner, and a visibility map so index-only scans stay index-only.
  if (target.dialect === "postgres") await sql`vacuum analyze`.execute(db);

  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  const meta = { scale: scaleName, indexBuildMs: Math.round(indexMs), documents, counts };
  await db
    .insertInto("app_state")
    .values({ key: BENCH_META_KEY, value: JSON.stringify(meta) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(meta) }))
    .execute();
  await handle.close();

  console.log("\nRows");
  console.table(counts);
  console.log("Step times");
  console.table(Object.fromEntries(timings.map(([name, ms]) => [name, `${(ms / 1000).toFixed(1)} s`])));
  console.log(`Search index: ${documents} documents built in ${(indexMs / 1000).toFixed(1)} s`);
  console.log(`Database size: ${formatBytes(await targetSize(target))} (${target.label})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
