import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { backupSqlite } from "../src/cli/backup.js";
import { restoreSqlite } from "../src/cli/restore.js";
import { openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "moviepedia-backup-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("SQLite backup and restore", () => {
  it("backs up a live database and restores it, refusing while it is in use", async () => {
    const file = path.join(dir, "live.db");
    const handle = openDatabase({ kind: "sqlite", file });
    await migrateToLatest(handle.db);
    await handle.db.insertInto("genres").values({ name: "드라마" }).execute();
    const backup = path.join(dir, "backups", "b.db");
    await backupSqlite(file, backup); // while the "server" still has it open
    await handle.db.insertInto("genres").values({ name: "공포" }).execute();

    // A running server holds the database: an exclusive lock cannot be taken while it writes.
    handle.sqlite!.exec("BEGIN IMMEDIATE");
    expect(() => restoreSqlite(backup, file)).toThrow(/locked|busy/i);
    handle.sqlite!.exec("COMMIT");
    await handle.close();

    restoreSqlite(backup, file);
    const restored = new BetterSqlite3(file, { readonly: true });
    const names = restored.prepare("select name from genres order by id").all() as Array<{ name: string }>;
    restored.close();
    expect(names.map((n) => n.name)).toEqual(["드라마"]);
  });

  it("refuses a corrupt backup", () => {
    const bad = path.join(dir, "bad.db");
    fs.writeFileSync(bad, "not a database");
    expect(() => restoreSqlite(bad, path.join(dir, "x.db"))).toThrow();
  });
});
