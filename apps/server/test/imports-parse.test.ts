// Reading import files in slices (modules/imports/parse.ts, docs/imports.md "How it runs"): a file of many slices
// reads exactly as one read whole would — quoted line breaks, a character of two UTF-16 units or a UTF-8 sequence
// cut at a slice boundary, a broken line in the middle — while other work gets turns of the event loop between
// slices; a zip entry large enough to be inflated in fflate's worker thread reads whole. No database.
import { parse } from "csv-parse/sync";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  CSV_SLICE,
  DECODE_SLICE,
  decodeText,
  parseCsv,
  prepareSource,
  readSource,
} from "../src/modules/imports/parse.js";

/** Counts the turns another task gets while `work` runs (it needs one turn of the event loop per step). */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let done = false;
  const other = () => {
    turns++;
    if (!done) setImmediate(other);
  };
  setImmediate(other);
  const result = await work();
  done = true;
  return { result, turns };
}

/** The title of line `i`: some quoted across two lines, some with a character of two UTF-16 units. */
const nameOf = (i: number) =>
  i % 7 === 0 ? `여러 줄\n제목, "따옴표" ${i}` : i % 5 === 0 ? `영화 🎬 ${i}` : `Film ${"x".repeat(i % 40)} ${i}`;
const quoted = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** A Letterboxd ratings.csv of `n` lines whose texts cross slice boundaries in every way. */
function bigCsv(n: number): string {
  const lines = ["Date,Name,Year,Letterboxd URI,Rating"];
  for (let i = 0; i < n; i++) {
    lines.push(`2024-01-01,${quoted(nameOf(i))},${1950 + (i % 70)},https://boxd.it/${i},${((i % 10) + 1) / 2}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

describe("CSV in slices", () => {
  it("gives the records csv-parse gives for the whole text, on the lines they start on", async () => {
    const text = bigCsv(12_000);
    expect(text.length).toBeGreaterThan(10 * CSV_SLICE);
    const { result, turns } = await turnsDuring(() => parseCsv(text));
    const whole = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
    expect(result.header).toEqual(whole[0]);
    expect(result.records.map((r) => r.fields)).toEqual(whole.slice(1));
    // Every 7th record spans two physical lines: record k starts after the ones before it.
    let line = 2;
    for (const [k, record] of result.records.entries()) {
      expect(record.line).toBe(line);
      line += k % 7 === 0 ? 2 : 1;
    }
    expect(result.broken).toEqual([]);
    expect(turns).toBeGreaterThan(10);
  });

  it("never cuts a character of two UTF-16 units in two at a slice boundary", async () => {
    const head = "Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,";
    // The emoji's first unit is the last of the first slice.
    const name = `${"가".repeat(CSV_SLICE - 1 - head.length)}🎬 끝`;
    const text = `${head}${name},2019,u,4\n`;
    expect(text.charCodeAt(CSV_SLICE - 1)).toBe("🎬".charCodeAt(0));
    const result = await parseCsv(text);
    expect(result.records.map((r) => r.fields[1])).toEqual([name]);
  });

  it("reports a broken line in the middle of a large file and reads on after it", async () => {
    // Line 3,002 of the data gets a stray quote: its physical line counts the quoted records' extra lines too.
    const text = bigCsv(8_000).replace("Film x 3001", 'Fi"lm x 3001');
    const physical = text.slice(0, text.indexOf("boxd.it/3001,")).split("\n").length;
    const result = await parseCsv(text);
    expect(result.broken).toEqual([physical]);
    expect(result.records).toHaveLength(8_000 - 1);
    expect(result.records.at(-1)!.fields[3]).toBe("https://boxd.it/7999");
  });
});

describe("UTF-8 in slices", () => {
  it("decodes characters cut at a slice boundary, and finds bytes that are not UTF-8 anywhere", async () => {
    const slice = DECODE_SLICE;
    // After the BOM's three bytes, "가" (three bytes) across the first boundary, an emoji (four) across the second.
    const text = `${"a".repeat(slice - 4)}가${"b".repeat(slice - 4)}🎬tail`;
    const bytes = Buffer.from(`\uFEFF${text}`, "utf8");
    expect(bytes.subarray(slice - 1, slice + 2).toString()).toBe("가");
    expect(bytes.subarray(2 * slice - 2, 2 * slice + 2).toString()).toBe("🎬");
    expect(await decodeText(bytes)).toEqual({ text, badUtf8: false });
    const bad = Buffer.concat([bytes, Buffer.from([0xff]), Buffer.from("끝")]);
    const decoded = await decodeText(bad);
    expect(decoded.badUtf8).toBe(true);
    expect(decoded.text).toBe(`${text}\uFFFD끝`);
    // A sequence cut off by the end of the file is no UTF-8 either.
    expect((await decodeText(Buffer.from([0x61, 0xea, 0xb0]))).badUtf8).toBe(true);
  });
});

describe("a large Letterboxd zip", () => {
  it("inflates an entry past 512 KB (in fflate's worker) and reads every line", async () => {
    const csv = bigCsv(20_000);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(512 * 1024);
    const zip = zipSync({ "export/ratings.csv": strToU8(csv), "export/watched.csv": strToU8(csv.slice(0, 200)) });
    const { result: parsed, turns } = await turnsDuring(async () =>
      readSource(await prepareSource("letterboxd", "application/zip", Buffer.from(zip), null)),
    );
    const ratings = parsed.items.filter((i) => i.file === "ratings.csv");
    expect(ratings).toHaveLength(20_000);
    expect(ratings.every((i) => i.error === undefined && i.rating !== undefined)).toBe(true);
    expect(ratings.map((i) => i.movie.title)).toEqual(Array.from({ length: 20_000 }, (_, i) => nameOf(i)));
    expect(turns).toBeGreaterThan(10);
  });
});
