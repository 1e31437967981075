// `npm run bench:data -- --scale=large|small [--db=var/bench.db] [--schema=bench] [--now=2026-11-22T00:00:00]`: a
// fresh synthetic database for the benchmarks, built with the app's migrations and search index. SQLite by default;
// PostgreSQL when DATABASE_URL is set (into its own schema). The catalogue (movies, people, credits, collections)
// plus two years of member activity ending at `--now` (default: the current hour, so the HOT chart has recent
// activity): ratings with a learnable signal, written reviews, marks, likes, replies, follows, blocks, comments.
// Everything but the timestamps is fixed by the seed. Bench members sign in as bench00001 … with one shared password
// (bench/shared/members.ts). Prints a progress bar per step and a summary, checks every counter against a recount,
// and records the scale, counts and index build time in app_state (BENCH_META_KEY).
import cliProgress from "cli-progress";
import { sql } from "kysely";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { syncIdSequences } from "../../apps/server/src/db/seed/batch.js";
import type { Database } from "../../apps/server/src/db/types.js";
import { hashPassword } from "../../apps/server/src/modules/auth/passwords.js";
import { rebuildSearchIndex } from "../../apps/server/src/modules/search/index.js";
import { openBulkWriter } from "../shared/bulk.js";
import { BENCH_META_KEY, benchTarget, flag, formatBytes, openTarget, resetTarget, targetSize } from "../shared/database.js";
import { BENCH_MEMBER_COUNTS, BENCH_MEMBER_PASSWORD, benchLoginId } from "../shared/members.js";
import { Random } from "../shared/random.js";
import { BENCH_SCALES, type BenchMeta, isBenchScaleName } from "../shared/scales.js";
import { type ActivityPlan, planActivity, sampleIds } from "./activity.js";
import * as rows from "./activity-rows.js";
import * as gen from "./entities.js";
import { counterMismatches } from "./integrity.js";

const TABLES: Array<keyof Database & string> = [
  "movies",
  "movie_genres",
  "people",
  "credits",
  "users",
  "collections",
  "collection_movies",
  "reviews",
  "replies",
  "collection_comments",
  "review_likes",
  "reply_likes",
  "collection_likes",
  "collection_comment_likes",
  "person_likes",
  "follows",
  "blocks",
  "chart_entries",
  "search_documents",
];

const SEED = 20250101;

/** The end of the activity timeline: `--now` or the start of the current hour (UTC). */
function anchor(): Date {
  const given = flag("now");
  if (given) {
    const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(given) ? given : `${given}Z`);
    if (Number.isNaN(date.getTime())) throw new Error("--now must be a UTC timestamp such as 2026-11-22T00:00:00");
    return date;
  }
  const now = new Date();
  now.setUTCMinutes(0, 0, 0);
  return now;
}

async function main(): Promise<void> {
  const scaleName = flag("scale") ?? "large";
  if (!isBenchScaleName(scaleName)) throw new Error(`--scale must be one of ${Object.keys(BENCH_SCALES).join(", ")}`);
  const scale = BENCH_SCALES[scaleName];
  const memberCount = BENCH_MEMBER_COUNTS[scaleName];
  const end = anchor();
  const target = benchTarget();
  console.log(`Generating the ${scaleName} dataset into ${target.label} (activity up to ${end.toISOString()})`);
  await resetTarget(target);
  const handle = openTarget(target);
  const db = handle.db;
  await migrateToLatest(db, target.dialect === "postgres" ? { schema: target.schema } : {});
  // A large page cache for this connection only: index inserts in random key order (reviews by user, likes by
  // target) otherwise re-read their pages from the OS for every row. Nothing about the file changes.
  handle.sqlite?.pragma("cache_size = -524288");
  const writer = await openBulkWriter(target, handle.sqlite);

  const bar = new cliProgress.SingleBar(
    { format: " {step} [{bar}] {percentage}% {value}/{total} {duration}s", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const timings: Array<[string, number]> = [];
  async function step(name: string, size: number, work: (tick: gen.Tick) => Promise<void>): Promise<number> {
    const started = performance.now();
    bar.start(size, 0, { step: name.padEnd(18) });
    let last = size;
    await work((done, total) => {
      if (total !== last) bar.setTotal((last = total));
      bar.update(done);
    });
    bar.update(last);
    bar.stop();
    const ms = performance.now() - started;
    timings.push([name, ms]);
    return ms;
  }

  let plan: ActivityPlan | undefined;
  await step("activity plan", 1, async () => {
    plan = planActivity(scale, SEED + 7, end);
  });
  const createdAt = new Date(plan!.start.getTime() - 30 * 86_400_000).toISOString().slice(0, 19);
  // One scrypt hash shared by every bench member, so generation stays fast.
  const passwordHash = await hashPassword(BENCH_MEMBER_PASSWORD);
  const ctx: gen.GeneratorContext = {
    db,
    scale,
    random: new Random(SEED),
    createdAt,
    plan: plan!,
    members: { count: memberCount, passwordHash },
  };

  await step("genres, countries", 1, () => gen.generateVocabulary(ctx));
  await step("movies", scale.movies, (tick) => gen.generateMovies(ctx, tick));
  await step("people", scale.people, (tick) => gen.generatePeople(ctx, tick));
  await step("credits", scale.movies, (tick) => gen.generateCredits(ctx, tick));
  await step("users", scale.users, (tick) => gen.generateUsers(ctx, tick));
  await step("collections", scale.collections, (tick) => gen.generateCollections(ctx, tick));
  await step("counters", 1, () => gen.recountCounters(ctx));
  await step("reviews, ratings", rows.activityRowCount(ctx.plan), (tick) => rows.writeReviews(ctx.plan, writer, tick));
  await step("replies, comments", 1, (tick) => rows.writePosts(ctx.plan, writer, tick));
  await step("likes, follows", 1, (tick) => rows.writeRelations(ctx.plan, writer, tick));
  await step("charts", 1, () => rows.writeCharts(db, ctx.plan, SEED + 11));
  await writer.close();
  await syncIdSequences(db, [
    "movies",
    "genres",
    "countries",
    "people",
    "credits",
    "users",
    "collections",
    "reviews",
    "replies",
    "collection_comments",
    ...rows.relationTables(ctx.plan).map(([table]) => table as keyof Database & string),
  ]);

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

  let integrity: Awaited<ReturnType<typeof counterMismatches>> = { checked: 0, mismatches: [] };
  await step("counter check", 1, async () => {
    integrity = await counterMismatches(db);
  });

  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  const members = { count: memberCount, loginIds: `${benchLoginId(1)} … ${benchLoginId(memberCount)}`, userIds: `1 … ${memberCount}` };
  const meta: BenchMeta = {
    scale: scaleName,
    activityEnd: end.toISOString(),
    indexBuildMs: Math.round(indexMs),
    documents,
    counts,
    members,
    samples: sampleIds(ctx.plan, memberCount),
  };
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
  console.log(
    `Bench members: ${members.loginIds} (user ids ${members.userIds}), password "${BENCH_MEMBER_PASSWORD}"` +
      " (bench/shared/members.ts)",
  );
  if (integrity.mismatches.length > 0) {
    console.error(`Counters: ${integrity.mismatches.length} of ${integrity.checked} differ from recounts`);
    for (const line of integrity.mismatches) console.error(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log(`Counters: all ${integrity.checked} counters equal their recounts — OK`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
