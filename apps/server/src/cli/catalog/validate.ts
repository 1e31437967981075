// Validation of an import file before anything is written: every record against the catalog schema, keys unique
// within the file, credits naming people in the file or already in the database. Errors name file, line and key.
import type { Kysely } from "kysely";
import type { ZodType } from "zod";
import type { Database } from "../../db/types.js";
import { describeIssue, duplicateCredit, MovieRecord, PersonRecord } from "../../db/seed/records.js";
import { ImportError, type ParsedCatalogFile, type SourceRecord } from "./parse.js";

export interface Located<T> {
  record: T;
  line: number;
}

export interface ValidatedFile {
  movies: Array<Located<MovieRecord>>;
  people: Array<Located<PersonRecord>>;
}

function keyOf(value: unknown): string {
  const key = (value as { key?: unknown } | null)?.key;
  return typeof key === "string" ? ` (key '${key}')` : "";
}

function check<T extends { key: string }>(
  file: string,
  kind: string,
  records: SourceRecord[],
  schema: ZodType<T>,
): Array<Located<T>> {
  const seen = new Map<string, number>();
  return records.map(({ value, line }, index) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      throw new ImportError(
        `${file} line ${line}: ${kind} ${index + 1}${keyOf(value)}: ${describeIssue(parsed.error)}`,
      );
    }
    const first = seen.get(parsed.data.key);
    if (first !== undefined) {
      throw new ImportError(`${file} line ${line}: ${kind} key '${parsed.data.key}' repeats the one on line ${first}`);
    }
    seen.set(parsed.data.key, line);
    return { record: parsed.data, line };
  });
}

async function existingPersonKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("people")
      .select("key")
      .where("key", "in", keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.key);
  }
  return found;
}

export async function validateFile(
  db: Kysely<Database>,
  file: string,
  parsed: ParsedCatalogFile,
): Promise<ValidatedFile> {
  const people = check(file, "person", parsed.people, PersonRecord);
  const movies = check(file, "movie", parsed.movies, MovieRecord);
  const inFile = new Set(people.map((p) => p.record.key));
  const referenced = [...new Set(movies.flatMap((m) => m.record.credits.map((c) => c.person)))];
  const known = await existingPersonKeys(
    db,
    referenced.filter((k) => !inFile.has(k)),
  );
  for (const { record, line } of movies) {
    const missing = record.credits.find((c) => !inFile.has(c.person) && !known.has(c.person));
    if (missing) {
      throw new ImportError(`${file} line ${line}: movie '${record.key}' credits unknown person '${missing.person}'`);
    }
    const repeated = duplicateCredit(record);
    if (repeated) {
      throw new ImportError(
        `${file} line ${line}: movie '${record.key}' credits '${repeated.person}' as ${repeated.kind} twice`,
      );
    }
  }
  return { movies, people };
}
