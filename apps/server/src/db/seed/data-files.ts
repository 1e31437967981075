// Reads and validates the product's own seed catalog in `data/` (never the shared source folder).
import fs from "node:fs";
import path from "node:path";
import type { ZodType } from "zod";
import { REPO_ROOT } from "../../config.js";
import {
  describeIssue,
  duplicateCredit,
  MovieRecord,
  PersonRecord,
  RecordError,
  STORED_CHARTS,
  type StoredChart,
} from "./records.js";

export const DATA_DIR = path.join(REPO_ROOT, "data");

export interface Catalog {
  movies: MovieRecord[];
  people: PersonRecord[];
  charts: Record<StoredChart, string[]>;
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, file), "utf8"));
}

function parseAll<T>(file: string, schema: ZodType<T>): T[] {
  const raw = readJson(file);
  if (!Array.isArray(raw)) throw new RecordError(`${file}: must be a JSON array`);
  return raw.map((value, index) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new RecordError(`${file} record ${index + 1}: ${describeIssue(parsed.error)}`);
    return parsed.data;
  });
}

/** The whole catalog, checked for the cross-record rules too (unique keys, known people, chart keys). */
export function readCatalog(): Catalog {
  const movies = parseAll("movies.json", MovieRecord);
  const people = parseAll("people.json", PersonRecord);
  const personKeys = new Set<string>();
  for (const person of people) {
    if (personKeys.has(person.key)) throw new RecordError(`people.json: duplicate key '${person.key}'`);
    personKeys.add(person.key);
  }
  const movieKeys = new Set<string>();
  for (const movie of movies) {
    if (movieKeys.has(movie.key)) throw new RecordError(`movies.json: duplicate key '${movie.key}'`);
    movieKeys.add(movie.key);
    const missing = movie.credits.find((c) => !personKeys.has(c.person));
    if (missing) throw new RecordError(`movies.json '${movie.key}': unknown person '${missing.person}'`);
    const repeated = duplicateCredit(movie);
    if (repeated) throw new RecordError(`movies.json '${movie.key}': duplicate credit for '${repeated.person}'`);
  }
  const rawCharts = readJson("charts.json") as Record<string, unknown>;
  const charts = {} as Record<StoredChart, string[]>;
  for (const type of STORED_CHARTS) {
    const list = rawCharts[type];
    if (!Array.isArray(list) || !list.every((k): k is string => typeof k === "string" && movieKeys.has(k))) {
      throw new RecordError(`charts.json '${type}': must be a list of known movie keys`);
    }
    charts[type] = list;
  }
  return { movies, people, charts };
}
