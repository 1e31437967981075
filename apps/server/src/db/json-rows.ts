// Many rows as ONE query parameter, read as a table: a JSON array of objects, json_to_recordset on PostgreSQL and
// json_each on SQLite. A set-wise write (UPDATE … FROM, INSERT … SELECT) of any number of rows is then one statement
// whose text does not grow with the rows (so it stays prepared), well inside both databases' parameter limits.
import { type Kysely, type RawBuilder, sql } from "kysely";
import { isPostgres } from "./connection.js";

export type JsonColumnType = "integer" | "real" | "text";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const PG_TYPES: Record<JsonColumnType, string> = { integer: "bigint", real: "double precision", text: "text" };

/**
 * A FROM item named `alias` with one row per element of `rows` and the columns `columns` (names are identifiers
 * chosen by the caller, never user input). Values missing from a row read as NULL.
 */
export function jsonRows<C extends Record<string, JsonColumnType>>(
  db: Pick<Kysely<unknown>, "getExecutor">,
  alias: string,
  columns: C,
  rows: ReadonlyArray<{ [K in keyof C]: unknown }>,
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  for (const name of [alias, ...names]) {
    if (!IDENTIFIER.test(name)) throw new Error(`jsonRows: ${JSON.stringify(name)} is not a plain identifier`);
  }
  const json = JSON.stringify(rows);
  if (isPostgres(db)) {
    const definitions = names.map((name) => `"${name}" ${PG_TYPES[columns[name]!]}`).join(", ");
    return sql`json_to_recordset(${json}::json) as ${sql.raw(`"${alias}"(${definitions})`)}`;
  }
  const selected = names.map((name) => `json_extract(value, '$.${name}') as "${name}"`).join(", ");
  return sql`(select ${sql.raw(selected)} from json_each(${json})) as ${sql.raw(`"${alias}"`)}`;
}
