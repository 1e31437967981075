// A LIMIT written into a statement's text instead of bound as a parameter. SQLite plans a union of small
// `order by … limit ?` reads (one per collection, one per feed group) about three times slower with the limit bound
// than written in; the statement cache (db/connection.ts) keeps one statement per limit, so only the code's own small
// limits go in this way, checked here.
import { type RawBuilder, sql } from "kysely";

export function literalLimit(n: number): RawBuilder<number> {
  if (!Number.isSafeInteger(n) || n < 0 || n > 1000) throw new Error(`literalLimit: ${n} is not a small row count`);
  return sql.lit(n);
}
