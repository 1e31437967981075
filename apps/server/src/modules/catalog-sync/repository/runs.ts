// SQL of sync runs: a run and its items (one per film, in order) kept in the database so a run cut short resumes,
// and the cursor of TMDB's changes feed in app_state.
import type { Kysely } from "kysely";
import type { Database } from "../../../db/types.js";

type Db = Kysely<Database>;

/** The latest unfinished run of this kind and arguments, if any. */
export function latestUnfinishedRun(db: Db, kind: string, args: string) {
  return db
    .selectFrom("catalog_sync_runs")
    .selectAll()
    .where("kind", "=", kind)
    .where("args", "=", args)
    .where("finished_at", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Whether a run of this kind has finished. */
export async function hasFinishedRun(db: Db, kind: string): Promise<boolean> {
  const row = await db
    .selectFrom("catalog_sync_runs")
    .select("id")
    .where("kind", "=", kind)
    .where("finished_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new run with its items, pending, in the order given; returns the run's id. */
export async function insertRun(
  db: Db,
  run: { kind: string; args: string; force: boolean; changesUntil: string | null; createdAt: string },
  tmdbIds: readonly number[],
): Promise<number> {
  const { id } = await db
    .insertInto("catalog_sync_runs")
    .values({
      kind: run.kind,
      args: run.args,
      force: run.force ? 1 : 0,
      changes_until: run.changesUntil,
      created_at: run.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (let i = 0; i < tmdbIds.length; i += 500) {
    await db
      .insertInto("catalog_sync_items")
      .values(
        tmdbIds.slice(i, i + 500).map((tmdb_id, j) => ({ run_id: id, position: i + j, tmdb_id, state: "pending" })),
      )
      .execute();
  }
  return id;
}

/** The run's changes cursor (where a clean changes run moves it), null for other kinds. */
export async function runChangesUntil(db: Db, runId: number): Promise<string | null> {
  const run = await db
    .selectFrom("catalog_sync_runs")
    .select("changes_until")
    .where("id", "=", runId)
    .executeTakeFirstOrThrow();
  return run.changes_until;
}

/** The run's items in order. */
export function runItems(db: Db, runId: number) {
  return db
    .selectFrom("catalog_sync_items")
    .select(["position", "tmdb_id", "state"])
    .where("run_id", "=", runId)
    .orderBy("position")
    .execute();
}

export async function setItemState(
  db: Db,
  runId: number,
  position: number,
  state: "done" | "failed",
  error: string | null,
): Promise<void> {
  await db
    .updateTable("catalog_sync_items")
    .set({ state, error })
    .where("run_id", "=", runId)
    .where("position", "=", position)
    .execute();
}

export async function markRunFinished(db: Db, runId: number, finishedAt: string): Promise<void> {
  await db.updateTable("catalog_sync_runs").set({ finished_at: finishedAt }).where("id", "=", runId).execute();
}

/** A value kept in app_state (the changes cursor). */
export async function readState(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom("app_state").select("value").where("key", "=", key).executeTakeFirst())?.value;
}

export async function writeState(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto("app_state")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
