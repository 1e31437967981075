// inTransaction (src/lib/transaction.ts): every unit is either saved whole and told so, or refused and absent — on
// SQLite, where the units of one turn of the event loop share a transaction (group commit, each in its own savepoint),
// and on PostgreSQL, where each has its own. afterCommit callbacks run for saved units only.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rawSqlite } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";
import { afterCommit, inTransaction } from "../src/lib/transaction.js";
import { createTestContext, dialectUnderTest, type TestContext } from "./helpers/context.js";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function stored(prefix: string): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom("app_state")
    .select("key")
    .where("key", "like", `${prefix}%`)
    .orderBy("key")
    .execute();
  return rows.map((r) => r.key);
}

const put = (key: string) => (trx: Parameters<Parameters<typeof inTransaction>[1]>[0]) =>
  trx.insertInto("app_state").values({ key, value: "1" }).execute();

describe("inTransaction", () => {
  it("saves the units that succeed and rolls back a failing one alone, when they run side by side", async () => {
    const handles: object[] = [];
    const unit = (n: number, fail: boolean) =>
      inTransaction(ctx.db, async (trx) => {
        handles.push(trx);
        await put(`tx-a-${n}-first`)(trx);
        await put(`tx-a-${n}-second`)(trx);
        if (fail) throw new Error(`unit ${n} fails`);
        return n;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((n) => unit(n, n === 2)));
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "rejected", "fulfilled", "fulfilled"]);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error("unit 2 fails"));
    expect(await stored("tx-a-")).toEqual([0, 1, 3, 4].flatMap((n) => [`tx-a-${n}-first`, `tx-a-${n}-second`]).sort());
    // SQLite: one transaction for the five (group commit); PostgreSQL: one each.
    expect(new Set(handles).size).toBe(dialectUnderTest === "sqlite" ? 1 : 5);
  });

  it("answers a unit only once its write is committed", async () => {
    const open: boolean[] = [];
    // At the moment each caller hears back, no transaction holds its write (SQLite: none is open on the connection).
    const answered = (p: Promise<unknown>) => p.then(() => open.push(rawSqlite(ctx.db)?.inTransaction ?? false));
    await Promise.all([
      answered(inTransaction(ctx.db, (trx) => put("tx-b-1")(trx))),
      answered(inTransaction(ctx.db, (trx) => put("tx-b-2")(trx))),
    ]);
    expect(open).toEqual([false, false]);
    expect(await stored("tx-b-")).toEqual(["tx-b-1", "tx-b-2"]);
  });

  it("refuses every unit of a transaction that an error ended, and saves none of them", async () => {
    const settled = await Promise.allSettled([
      inTransaction(ctx.db, (trx) => put("tx-c-1")(trx)),
      inTransaction(ctx.db, async (trx) => {
        await put("tx-c-2")(trx);
        // What a full disk or a lost file does to SQLite: the whole transaction is rolled back under the unit.
        await sql`rollback`.execute(trx);
        throw new Error("the transaction is gone");
      }),
      inTransaction(ctx.db, (trx) => put("tx-c-3")(trx)),
    ]);
    const keys = await stored("tx-c-");
    // Whatever grouping the database allows, every answer matches what is stored.
    settled.forEach((result, i) => {
      expect(keys.includes(`tx-c-${i + 1}`)).toBe(result.status === "fulfilled");
    });
    expect(settled[1]!.status).toBe("rejected");
    // The next unit gets a fresh transaction.
    await inTransaction(ctx.db, (trx) => put("tx-c-4")(trx));
    expect(await stored("tx-c-4")).toEqual(["tx-c-4"]);
  });

  // A transaction that cannot begin (another process holding an embedded database's file past the busy timeout does
  // the same): the unit is refused, never left waiting, and the queue goes on. Shown on an embedded database of its
  // own in both runs, since only SQLite groups units behind one shared connection.
  it("refuses a unit whose SQLite transaction cannot begin, and goes on", async () => {
    const own = openDatabase({ kind: "sqlite", file: ":memory:" });
    try {
      await migrateToLatest(own.db);
      const raw = rawSqlite(own.db)!;
      raw.exec("begin");
      await expect(inTransaction(own.db, (trx) => put("tx-e-1")(trx))).rejects.toThrow(/transaction/);
      raw.exec("rollback");
      await inTransaction(own.db, (trx) => put("tx-e-2")(trx));
      const keys = await own.db.selectFrom("app_state").select("key").where("key", "like", "tx-e-%").execute();
      expect(keys.map((k) => k.key)).toEqual(["tx-e-2"]);
    } finally {
      await own.close();
    }
  });

  it("runs afterCommit callbacks of saved units only, after their commit", async () => {
    const heard: string[] = [];
    const unit = (name: string, fail: boolean) =>
      inTransaction(ctx.db, async (trx) => {
        await put(`tx-d-${name}`)(trx);
        afterCommit(trx, () => heard.push(name));
        expect(heard).not.toContain(name);
        if (fail) throw new Error("no");
      });
    await Promise.allSettled([unit("saved", false), unit("refused", true), unit("also saved", false)]);
    expect(heard.sort()).toEqual(["also saved", "saved"]);
  });
});
