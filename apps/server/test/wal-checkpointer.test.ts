// Background WAL checkpoints (db/wal-checkpointer.ts): with them on, the server's own connection no longer copies the
// log into the database file inside its commits — a worker thread does, within a few intervals — and closing the
// database stops the worker with every committed row in the file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/connection.js";
import { FALLBACK_AUTOCHECKPOINT_PAGES } from "../src/db/wal-checkpointer.js";
import { inTransaction } from "../src/lib/transaction.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-wal-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** Writes ~4 MB in 40 commits: under the fallback threshold, so only a checkpointer moves it into the file. */
async function fill(handle: ReturnType<typeof openDatabase>): Promise<void> {
  await sql`create table blobs (id integer primary key, body blob not null)`.execute(handle.db);
  for (let i = 0; i < 40; i++) {
    await inTransaction(handle.db, async (trx) => {
      for (let k = 0; k < 10; k++) await sql`insert into blobs (body) values (randomblob(10000))`.execute(trx);
    });
  }
}

describe("background WAL checkpoints", () => {
  it("copy committed pages into the database file without the server's connection doing it", async () => {
    const file = path.join(dir, "with.db");
    const handle = openDatabase({ kind: "sqlite", file }, { backgroundCheckpoints: true });
    expect(handle.sqlite!.pragma("wal_autocheckpoint", { simple: true })).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await fill(handle);
    expect(await until(() => size(file) > 4_000_000)).toBe(true);
    await handle.close();

    const reopened = new BetterSqlite3(file, { readonly: true });
    expect(reopened.prepare("select count(*) from blobs").pluck().get()).toBe(400);
    reopened.close();
  });

  it("are off unless asked for: the connection then checkpoints in its own commits", async () => {
    const file = path.join(dir, "without.db");
    const handle = openDatabase({ kind: "sqlite", file });
    expect(handle.sqlite!.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    await handle.close();
  });
});
