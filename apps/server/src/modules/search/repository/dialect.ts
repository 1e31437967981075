// The few places where SQLite and PostgreSQL spell search SQL differently.
import { type Expression, type Kysely, type RawBuilder, sql } from "kysely";
import { isPostgres } from "../../../db/connection.js";

// Any Kysely handle: the app's database, a transaction, or one typed for other tables.
type AnyDb = Pick<Kysely<unknown>, "getExecutor">;

export { isPostgres };

/** `haystack` contains `needle` as plain text (no LIKE wildcards to escape). */
export function containsText(db: AnyDb, haystack: Expression<string>, needle: string): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`strpos(${haystack}, ${needle}) > 0`
    : sql<boolean>`instr(${haystack}, ${needle}) > 0`;
}

/** PostgreSQL text cannot hold U+0000, so no stored text contains it and a key with it matches nothing there. */
export function unmatchable(db: AnyDb, key: string): boolean {
  return key.includes("\u0000") && isPostgres(db);
}

/** `column` is one of `ids`, passed as one array parameter (no statement text that grows with the list). */
export function inIds(db: AnyDb, column: Expression<unknown>, ids: readonly number[]): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${column} = any(${[...ids]}::bigint[])`
    : sql<boolean>`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
