// Integrity of the seed catalog in data/: keys, references, required fields and types, vocabularies, charts.
import fs from "node:fs";
import path from "node:path";
import { CAST_KINDS, CHART_SIZES, DIRECTOR_KIND, GRADES } from "@moviepedia/contract";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../src/config.js";
import { readCatalog } from "../src/db/seed/data-files.js";
import { COUNTRIES, CREDIT_KINDS, GENRES } from "../src/db/seed/records.js";

type Json = Record<string, unknown>;
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "data", file), "utf8"));
const movies = read("movies.json") as Json[];
const people = read("people.json") as Json[];
const charts = read("charts.json") as Record<string, unknown>;

const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const isText = (v: unknown) => typeof v === "string" && v.trim() !== "" && v === v.trim();
const duplicates = (values: unknown[]) => values.filter((v, i) => values.indexOf(v) !== i);

describe("data/ catalog", () => {
  it("has the advertised size: 420 films (221 Korean) and 1,661 people", () => {
    expect(movies).toHaveLength(420);
    expect(movies.filter((m) => (m.countries as string[]).includes("한국"))).toHaveLength(221);
    expect(people).toHaveLength(1661);
  });

  it("has unique, well-formed keys", () => {
    for (const list of [movies, people]) {
      const keys = list.map((r) => r.key);
      expect(keys.every((k) => typeof k === "string" && KEY.test(k))).toBe(true);
      expect(duplicates(keys)).toEqual([]);
    }
  });

  it("gives every person a name and an original name", () => {
    for (const p of people) {
      expect(isText(p.name), String(p.key)).toBe(true);
      expect(p.original_name === null || typeof p.original_name === "string", String(p.key)).toBe(true);
    }
  });

  it("gives every movie its required fields with the right types and vocabularies", () => {
    const thisYear = new Date().getUTCFullYear();
    for (const m of movies) {
      const key = String(m.key);
      expect(isText(m.title), key).toBe(true);
      expect(typeof m.original_title, key).toBe("string");
      expect(m.english_title === null || typeof m.english_title === "string", key).toBe(true);
      expect(Number.isInteger(m.year) && (m.year as number) >= 1888 && (m.year as number) <= thisYear + 1, key).toBe(
        true,
      );
      expect(key.endsWith(`-${m.year}`), key).toBe(true);
      const rt = m.running_time;
      expect(rt === null || (Number.isInteger(rt) && (rt as number) >= 40 && (rt as number) <= 300), key).toBe(true);
      expect(m.grade === null || (GRADES as readonly unknown[]).includes(m.grade), key).toBe(true);
      expect(typeof m.synopsis === "string" && m.synopsis.length > 0, key).toBe(true);
      for (const [field, words] of [
        ["genres", GENRES],
        ["countries", COUNTRIES],
      ] as const) {
        const list = m[field] as unknown[];
        expect(Array.isArray(list) && list.length > 0, `${key} ${field}`).toBe(true);
        expect(
          list.every((v) => isText(v) && (words as readonly unknown[]).includes(v)),
          `${key} ${field}`,
        ).toBe(true);
        expect(duplicates(list), `${key} ${field}`).toEqual([]);
      }
    }
  });

  it("credits only existing people, with known kinds and no duplicates", () => {
    const personKeys = new Set(people.map((p) => p.key));
    const allowed = new Set([DIRECTOR_KIND, ...CAST_KINDS, ...CREDIT_KINDS]);
    for (const m of movies) {
      const credits = m.credits as Json[];
      expect(credits.length, String(m.key)).toBeGreaterThan(0);
      expect(
        credits.some((c) => c.kind === DIRECTOR_KIND),
        `${m.key} has a director`,
      ).toBe(true);
      for (const c of credits) {
        expect(personKeys.has(c.person), `${m.key} → ${c.person}`).toBe(true);
        expect(allowed.has(c.kind as string), `${m.key} kind ${c.kind}`).toBe(true);
        expect(c.character === null || isText(c.character), `${m.key} character`).toBe(true);
      }
      expect(duplicates(credits.map((c) => `${c.person}/${c.kind}`)), String(m.key)).toEqual([]);
    }
    const credited = new Set(movies.flatMap((m) => (m.credits as Json[]).map((c) => c.person)));
    expect(people.filter((p) => !credited.has(p.key)).map((p) => p.key)).toEqual([]);
  });

  it("has charts of exact sizes over existing movies, without repeats", () => {
    const movieKeys = new Set(movies.map((m) => m.key));
    expect(Object.keys(charts).sort()).toEqual(["box_office", "netflix", "watcha_buying"]);
    for (const type of ["box_office", "watcha_buying", "netflix"] as const) {
      const list = charts[type] as unknown[];
      expect(list, type).toHaveLength(CHART_SIZES[type]);
      expect(
        list.every((k) => movieKeys.has(k)),
        type,
      ).toBe(true);
      expect(duplicates(list), type).toEqual([]);
    }
  });

  it("passes the seeding validator", () => {
    const catalog = readCatalog();
    expect(catalog.movies).toHaveLength(420);
    expect(catalog.charts.box_office[0]).toBe(charts.box_office && (charts.box_office as string[])[0]);
  });
});
