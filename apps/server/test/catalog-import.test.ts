// The import CLIs' functions against the test database: round trips, idempotence, and bad files rejected whole.
import fs from "node:fs";
import path from "node:path";
import type { Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importChart } from "../src/cli/catalog/chart.js";
import { importCatalog, ImportError } from "../src/cli/catalog/import.js";
import { jsonElementLines, parseCsvRows } from "../src/cli/catalog/parse.js";
import { REPO_ROOT } from "../src/config.js";
import { seedCatalog } from "../src/db/seed/index.js";
import { countRows, createTestContext, type TestContext } from "./helpers/context.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const people = [
  { key: "kim-test", name: "김테스트", original_name: "Kim Test" },
  { key: "lee-test", name: "이테스트", original_name: null },
];
const movie = (overrides: Record<string, unknown> = {}) => ({
  key: "import-one-2024",
  title: "가져온 영화",
  original_title: "Imported",
  english_title: "Imported",
  year: 2024,
  running_time: 101,
  grade: "12세 이상 관람가",
  genres: ["드라마", "다큐멘터리"],
  countries: ["한국", "태국"],
  synopsis: "첫 줄\\n둘째 줄",
  credits: [
    { person: "kim-test", kind: "감독", character: null },
    { person: "lee-test", kind: "주연", character: "주인공" },
  ],
  ...overrides,
});
const json = (value: unknown) => JSON.stringify(value, null, 1);
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      ["movies", "people", "credits", "movie_genres", "movie_countries", "genres", "countries", "chart_entries"].map(
        async (t) => [t, await countRows(ctx, t)] as const,
      ),
    ),
  );
const movieByKey = async (key: string) => {
  const { id } = await ctx.db.selectFrom("movies").select("id").where("key", "=", key).executeTakeFirstOrThrow();
  return (await ctx.app.inject({ method: "GET", url: `/api/movies/${id}` })).json() as Movie;
};

describe("catalog:import", () => {
  it("imports a JSON file and reports what it did", async () => {
    const progress: number[] = [];
    const summary = await importCatalog(ctx.db, "new.json", json({ people, movies: [movie()] }), {
      onProgress: (done) => progress.push(done),
    });
    expect(summary).toEqual({
      people: { inserted: 2, updated: 0, unchanged: 0 },
      movies: { inserted: 1, updated: 0, unchanged: 0 },
    });
    expect(progress).toEqual([0, 1, 2, 3]);
    const imported = await movieByKey("import-one-2024");
    expect(imported).toMatchObject({
      title: "가져온 영화",
      genres: ["드라마", "다큐멘터리"],
      countries: ["한국", "태국"],
      synopsis: "첫 줄\\n둘째 줄",
      participants: [
        { name: "김테스트", role: "감독" },
        { name: "이테스트", role: "주연 | 주인공" },
      ],
    });
    const person = await ctx.db
      .selectFrom("people")
      .selectAll()
      .where("key", "=", "lee-test")
      .executeTakeFirstOrThrow();
    expect(person.credits_count).toBe(1);
    // Marked as an operator's edit, so catalog:sync leaves them alone without --force.
    expect(person.operator_edited_at).toBe(person.created_at);
    const row = await ctx.db
      .selectFrom("movies")
      .select(["operator_edited_at", "created_at"])
      .where("key", "=", "import-one-2024")
      .executeTakeFirstOrThrow();
    expect(row.operator_edited_at).toBe(row.created_at);
  });

  it("is idempotent, and updates only what changed", async () => {
    const before = await counts();
    const again = await importCatalog(ctx.db, "new.json", json({ people, movies: [movie()] }));
    expect(again).toEqual({
      people: { inserted: 0, updated: 0, unchanged: 2 },
      movies: { inserted: 0, updated: 0, unchanged: 1 },
    });
    expect(await counts()).toEqual(before);
    const changed = await importCatalog(
      ctx.db,
      "new.json",
      json([movie({ title: "고친 제목", credits: [{ person: "lee-test", kind: "감독", character: null }] })]),
    );
    expect(changed.movies).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    const updated = await movieByKey("import-one-2024");
    expect(updated.title).toBe("고친 제목");
    expect(updated.participants.map((p) => p.role)).toEqual(["감독"]);
    const kim = await ctx.db
      .selectFrom("people")
      .select("credits_count")
      .where("key", "=", "kim-test")
      .executeTakeFirstOrThrow();
    expect(kim.credits_count).toBe(0);
  });

  it("round-trips a CSV file with quoted fields", async () => {
    const csv = [
      "key,title,original_title,english_title,year,running_time,grade,genres,countries,synopsis,credits",
      `csv-film-2023,"쉼표, 그리고 ""따옴표""",Comma,,2023,95,,코미디|가족,한국,"여러 줄
줄거리",kim-test:감독;lee-test:조연:이름: 별명`,
    ].join("\n");
    const summary = await importCatalog(ctx.db, "films.csv", csv);
    expect(summary.movies).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    const film = await movieByKey("csv-film-2023");
    expect(film).toMatchObject({
      title: '쉼표, 그리고 "따옴표"',
      grade: null,
      genres: ["코미디", "가족"],
      synopsis: "여러 줄\n줄거리",
      participants: [{ role: "감독" }, { role: "조연 | 이름: 별명" }],
    });
    expect((await importCatalog(ctx.db, "films.csv", csv)).movies).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    const peopleCsv = "key,name,original_name\ncsv-person,씨에스브이,\n";
    expect((await importCatalog(ctx.db, "people.csv", peopleCsv)).people.inserted).toBe(1);
  });

  it("rejects a bad file naming its line and record, and writes nothing", async () => {
    const before = await counts();
    const bad = json({
      people: [{ key: "new-person", name: "새 사람" }],
      movies: [movie({ key: "fine-2020", year: 2020 }), movie({ key: "broken-2021", grade: "19금" })],
    });
    const badLine = bad.split("\n").findIndex((l) => l.includes('"broken-2021"'));
    await expect(importCatalog(ctx.db, "bad.json", bad)).rejects.toThrow(
      new RegExp(`bad\\.json line ${badLine}: movie 2 \\(key 'broken-2021'\\): field 'grade'`),
    );
    for (const [file, text, message] of [
      ["bad.json", json([movie({ genres: ["없는장르"] })]), /line 2: movie 1 .*field 'genres.0' must be a known genre/],
      [
        "bad.json",
        json([movie({ credits: [{ person: "nobody", kind: "주연" }] })]),
        /line 2: movie 'import-one-2024' credits unknown person 'nobody'/,
      ],
      ["bad.json", json([movie(), movie()]), /line \d+: movie key 'import-one-2024' repeats the one on line 2/],
      ["bad.json", "[{oops", /not valid JSON/],
      ["bad.json", json([{ nothing: 1 }]), /line 2: record 1 is neither a movie/],
      ["bad.csv", "key,title,year\nx-1,제목,abc\n", /bad\.csv line 2: movie 1 \(key 'x-1'\): field 'year'/],
      ["bad.csv", 'key,title\n"unterminated', /unterminated/],
      ["bad.txt", "[]", /must end in \.json or \.csv/],
    ] as const) {
      await expect(importCatalog(ctx.db, file, text), file).rejects.toThrow(message);
    }
    await expect(importCatalog(ctx.db, "bad.json", "[]")).resolves.toBeDefined();
    expect(await counts()).toEqual(before);
  });

  it("loads the whole seed catalog through the importer exactly as the seed does", async () => {
    const fresh = await createTestContext();
    try {
      await seedCatalog(fresh.db, fresh.clock.now());
      const text = (file: string) => fs.readFileSync(path.join(REPO_ROOT, "data", file), "utf8");
      const summary = await importCatalog(fresh.db, "people.json", text("people.json"));
      expect(summary.people).toEqual({ inserted: 0, updated: 0, unchanged: 1661 });
      const movies = await importCatalog(fresh.db, "movies.json", text("movies.json"));
      expect(movies.movies).toEqual({ inserted: 0, updated: 0, unchanged: 420 });
    } finally {
      await fresh.close();
    }
  });
});

describe("catalog:import-chart", () => {
  it("replaces a chart from JSON or CSV, and rejects bad input without touching it", async () => {
    await importCatalog(ctx.db, "more.json", json([movie({ key: "second-2022", year: 2022 })]));
    const chart = async () =>
      ((await ctx.app.inject({ method: "GET", url: "/api/movies?chart_type=netflix" })).json() as Movie[]).map(
        (m) => m.title,
      );
    expect(await importChart(ctx.db, "netflix", "n.json", json(["csv-film-2023", "import-one-2024"]))).toEqual({
      chart: "netflix",
      entries: 2,
    });
    expect(await chart()).toEqual(["고친 제목", '쉼표, 그리고 "따옴표"']);
    await importChart(ctx.db, "netflix", "n.csv", "key\nsecond-2022\ncsv-film-2023\n");
    const good = await chart();
    expect(good).toEqual(['쉼표, 그리고 "따옴표"', "가져온 영화"]);
    for (const [type, file, text, message] of [
      ["watcha10", "n.json", "[]", /watcha10 is computed/],
      ["nope", "n.json", "[]", /not importable/],
      ["netflix", "n.json", json(["second-2022", "missing-1999"]), /n\.json line 3: unknown movie key 'missing-1999'/],
      ["netflix", "n.csv", "second-2022\nsecond-2022\n", /line 2: 'second-2022' repeats line 1/],
      ["netflix", "n.json", json(Array.from({ length: 11 }, () => "x")), /at most 10/],
      ["netflix", "n.json", json({}), /JSON array/],
    ] as const) {
      await expect(importChart(ctx.db, type, file, text)).rejects.toThrow(message);
      await expect(importChart(ctx.db, type, file, text)).rejects.toBeInstanceOf(ImportError);
    }
    expect(await chart()).toEqual(good);
  });
});

describe("import file parsing", () => {
  it("finds the start line of each record", () => {
    expect(jsonElementLines('[\n {"a": [1,\n 2]},\n "x"\n]').get("$")).toEqual([2, 4]);
    expect(jsonElementLines('{"movies": [\n{}, {"k": "[,]"}\n], "people": []}').get("$.movies")).toEqual([2, 2]);
    expect(parseCsvRows('a,b\r\n"x\r\ny",2\r\nlast,3').map((r) => [r.line, r.cells])).toEqual([
      [1, ["a", "b"]],
      [2, ["x\r\ny", "2"]],
      [4, ["last", "3"]],
    ]);
  });
});
