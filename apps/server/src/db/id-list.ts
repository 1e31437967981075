// A list of ids as ONE query parameter, so a prepared statement's text does not grow with the list: a JSON array read
// with json_each on SQLite, an array on PostgreSQL.
import { type Expression, type Kysely, type RawBuilder, sql } from "kysely";
import { isPostgres } from "./connection.js";

/** The parameter value standing for `ids` on this database. */
export function idListValue(db: Pick<Kysely<unknown>, "getExecutor">, ids: readonly number[]): unknown {
  return isPostgres(db) ? [...ids] : JSON.stringify(ids);
}

/** `column` is one of the ids in `list` (a parameter given `idListValue`). */
export function inIdList(
  db: Pick<Kysely<unknown>, "getExecutor">,
  column: Expression<unknown>,
  list: Expression<unknown>,
): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${column} = any(${list}::bigint[])`
    : sql<boolean>`${column} in (select value from json_each(${list}))`;
}
