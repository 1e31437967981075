// Hot queries built and compiled once. Kysely builds an immutable query tree and compiles it to SQL on every call:
// for a join with a subquery that costs more CPU than SQLite needs to run the statement. A prepared query is built
// once per dialect with placeholders in place of its parameters and compiled; each call then only substitutes the
// parameters into the compiled statement (which the SQLite connection also keeps prepared, db/connection.ts).
//
// On the embedded database a prepared read runs its statement on the connection directly when no transaction is
// open there: the same statement the driver would run, without the driver's queue and promises around it. The queue
// exists for transactions (one connection: a read must not see another request's uncommitted rows), so while one is
// open the read waits in it like any other query.
import type BetterSqlite3 from "better-sqlite3";
import type { CompiledQuery, Compilable, Kysely, QueryResult } from "kysely";
import { rawSqlite } from "./connection.js";
import { VersionedFacts } from "./data-version.js";
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
  // The statement on each raw SQLite connection, or null when it writes (those go through the driver, always).
  const direct = new WeakMap<object, BetterSqlite3.Statement | null>();
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
    const sqlite = rawSqlite(db);
    if (sqlite && !sqlite.inTransaction) {
      let statement = direct.get(sqlite);
      if (statement === undefined) {
        const candidate = sqlite.prepare(query.sql);
        statement = candidate.reader ? candidate : null;
        direct.set(sqlite, statement);
      }
      if (statement) {
        try {
          return Promise.resolve({ rows: statement.all(parameters) as R[] });
        } catch (error) {
          return Promise.reject(error as Error);
        }
      }
    }
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

/**
 * A prepared read whose answers are kept under the database's version (db/data-version.ts, where reading it costs
 * nothing): for the small lookups that request after request repeats — is this session live, does this film exist,
 * what are its totals. Any committed write makes the next call run the query again. Callers must not change the rows.
 */
export function preparedKept<P extends Record<string, unknown>, R>(
  capacity: number,
  build: (db: Db, params: P) => Compilable<R>,
): (db: Db, params: P) => Promise<QueryResult<R>> {
  const query = prepared(build);
  const kept = new VersionedFacts<QueryResult<R>>(capacity);
  return (db, params) => kept.get(db, JSON.stringify(Object.values(params)), () => query(db, params));
}
