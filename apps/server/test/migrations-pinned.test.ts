// Landed migrations never change: a database that ran one must never meet a different version of it. Each file's
// SHA-256 is pinned here when it lands; a new migration adds its line, an edited one fails this test (write a new
// migration instead). Every file in the folder must also be listed in db/migrate.ts, or it would never run.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/connection.js";
import { migrateToLatest } from "../src/db/migrate.js";

const dir = path.resolve(import.meta.dirname, "../src/db/migrations");

const PINNED: Record<string, string> = {
  "0001-initial.ts": "a5c325eaf37b61561a5743f275504cff10ff52bebeb0922ab734b9e4fb396e40",
  "0003-search.ts": "b518ec35a899ad8fa4ecc9a186db9d4fe2908b706863b752eea5c2d49c035210",
  "0004-hot-ranking.ts": "3f39064ef507d667928f05b4620c11c945cc8030562fedd5f9450ff215c756ea",
  "0005-catalog-version.ts": "c4493911f5e349ebd5a609a9034cb0f1f2fdf58cff8b78cc9db0cf03e8e4d82c",
  "0006-hot-query-indexes.ts": "26f92ceda088863223faa0a8ede7cf17142152bdda7fc82351dfcbf79f931b4b",
  "0007-visible-review-indexes.ts": "c6c1e6977a278e55c293e269470973c3ff53adee2ca75b8a159ffbc89433f908",
  "0008-tmdb-catalog.ts": "9522b90bd25fd6115aae20756cf796b6aeb586b29e0d201c68025b7c5729c24e",
  "0009-movie-dismissals.ts": "7bc9bc0e639f9762bf754a0ef08e25469133346f2453347a935d04b044abccac",
  "0010-community.ts": "b8e59c7635bad8670c42804fd159f8357227e2d902525d63229676b74695464a",
  "0011-imports.ts": "cd6dcc04d4ed0bd6509f7dcdd41830b8c75275de20114434b38924d39073b2f4",
  "0014-unlinked-people.ts": "5fec77d1cc6923b965de420aaef42716c3b02d70635fefb7d894e1c5e3f11f3b",
  "0015-movie-title-indexes.ts": "be958ba8a550ac64ec97491d147f60b1d797405817e11b83fae4992ea0af8bc4",
  "0016-feed-indexes.ts": "fe3adb5a79d22457c0e5aa4b7602be1dbb7bde44f91eb6d144d948132ed8e0cf",
  "0017-table-versions.ts": "f5496eedb1a4b0250f26030e829e01af754242d20f0b13d003f7446f15fcfb59",
  "0018-feed-rating-index.ts": "3c51d283f29230ad171a2fb04cbbdc1e48b693a1a45f8a59e9769db53cb9f727",
  "0019-review-list-versions.ts": "cfaeab1be640e95c48041da64af163005fa09694766b05c5e363df830c49a9c1",
  "0020-inbox-versions.ts": "bde969058b53191114bdfa5787581769b794a2476bbac193c1ba0620f3195e8d",
  "0021-movie-rank-version.ts": "b74f04312060c9baba653dd6d2df9ee8225177e8031cc4804c3597d3c5f5b96b",
  "0022-member-signals-index.ts": "fe93d7bf5aa7bc8ade6459c4143796d53f8fca96886d8b3d1e5e7f65ed4dabd8",
};

const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts"));

describe("migrations", () => {
  it("keeps every landed migration byte for byte", () => {
    for (const [file, sum] of Object.entries(PINNED)) {
      const actual = createHash("sha256")
        .update(fs.readFileSync(path.join(dir, file)))
        .digest("hex");
      expect(actual, `${file} changed after it landed: add a new migration instead`).toBe(sum);
    }
  });

  it("pins every migration in the folder", () => {
    expect(files.filter((f) => !(f in PINNED))).toEqual([]);
  });

  it("lists every migration file in db/migrate.ts", () => {
    const source = fs.readFileSync(path.resolve(dir, "../migrate.ts"), "utf8");
    for (const file of files) expect(source).toContain(`"./migrations/${file.replace(/\.ts$/, ".js")}"`);
  });

  it("runs a migration that landed after a later-numbered one already ran", async () => {
    const database = openDatabase({ kind: "sqlite", file: ":memory:" });
    try {
      await migrateToLatest(database.db);
      // As a database deployed before 0011 landed, with 0014 already run.
      await sql`delete from kysely_migration where name = '0011-imports'`.execute(database.db);
      await sql`drop table imports`.execute(database.db);
      await migrateToLatest(database.db);
      const { rows } = await sql<{ n: number }>`select count(*) as n from imports`.execute(database.db);
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await database.close();
    }
  });
});
