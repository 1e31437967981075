// Hot queries built and compiled once. Kysely builds an immutable query tree and compiles it to SQL on every call:
// for a join with a subquery that costs more CPU than SQLite needs to run the statement. A prepared query is built
// once per dialect with placeholders in place of its parameters and compiled; each call then only substitutes the
// parameters into the compiled statement (which the SQLite connection also keeps prepared, db/connection.ts).
import type { CompiledQuery, Compilable, Kysely, QueryResult } from "kysely";
import type { Database } from "./types.js";

/** Stands for a parameter while the query is built; replaced by the call's value in the compiled statement. */
class Placeholder {
  constructor(readonly name: string) {}
}

type Db = Kysely<Database>;

/**
 * `build` receives stand-ins for `params`: use each only as a single value (comparisons, LIMIT/OFFSET, sql``
 * values), never as an IN list or to decide the query's shape (the shape is fixed by the first call). Queries whose
 * shape varies get one prepared query per shape (see `preparedByShape`).
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, params: P) => Compilable<R>,
): (db: Db, params: P) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter: a transaction shares its database's compiler and adapter, so it reuses the
  // statement compiled for the database it came from.
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return (db, params) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return db.executeQuery(build(db, params));
    let query = compiled.get(executor.adapter);
    if (!query) {
      const stands = new Proxy({} as P, { get: (_target, name) => new Placeholder(String(name)) });
      query = build(db, stands).compile();
      compiled.set(executor.adapter, query);
    }
    const parameters = query.parameters.map((value) =>
      value instanceof Placeholder ? params[value.name as keyof P] : value,
    );
    return db.executeQuery({ ...query, parameters });
  };
}

/**
 * One prepared query per shape: `shape` describes the variant (which filters are on, the order), `key` names it;
 * `build` builds a variant from its shape, with stand-ins for the parameters.
 */
export function preparedByShape<S, P extends Record<string, unknown>, R>(
  key: (shape: S) => string,
  build: (db: Db, params: P, shape: S) => Compilable<R>,
): (db: Db, shape: S, params: P) => Promise<QueryResult<R>> {
  const byShape = new Map<string, (db: Db, params: P) => Promise<QueryResult<R>>>();
  return (db, shape, params) => {
    const name = key(shape);
    let query = byShape.get(name);
    if (!query) {
      query = prepared<P, R>((d, p) => build(d, p, shape));
      byShape.set(name, query);
    }
    return query(db, params);
  };
}
