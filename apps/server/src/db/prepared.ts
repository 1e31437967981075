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
import {
  type CompiledQuery,
  type Compilable,
  type Expression,
  type Kysely,
  type OperationNode,
  type QueryResult,
  ValueNode,
} from "kysely";
import { defineRegion } from "../cache/index.js";
import { rawSqlite } from "./connection.js";
import type { Database } from "./types.js";

/**
 * A parameter inside a prepared query's builder: an expression standing for the call's value, usable wherever Kysely
 * takes a value (comparisons, LIMIT/OFFSET, sql`` values) and nowhere else. Its value is not there while the query
 * is built, so nothing can branch on it or bake it into the statement: comparing it, using it as a number or a
 * string, or passing it where a plain value is required is a type error.
 */
export interface Param<T> extends Expression<T> {
  readonly [paramBrand]: true;
}
declare const paramBrand: unique symbol;

/** The builder's view of the parameters: each one a `Param`. */
export type Params<P> = { readonly [K in keyof P]: Param<P[K]> };

/** What may vary between the statements of one prepared query: named flags, nothing else. */
export type Shape<S> = { readonly [K in keyof S]: boolean };

/** Stands for a parameter while the query is built; replaced by the call's value in the compiled statement. */
class Placeholder<T> implements Expression<T> {
  constructor(
    readonly name: string,
    /** Set when the query is built for one call (an executor with plugins): the call's own value. */
    readonly value?: { v: unknown },
  ) {}

  get expressionType(): T | undefined {
    return undefined;
  }

  toOperationNode(): OperationNode {
    return ValueNode.create(this.value ? this.value.v : this);
  }
}

type Db = Kysely<Database>;

function standIns<P>(): Params<P> {
  return new Proxy({} as Params<P>, { get: (_target, name) => new Placeholder(String(name)) });
}

function withValues<P extends Record<string, unknown>>(params: P): Params<P> {
  return new Proxy({} as Params<P>, {
    get: (_target, name) => new Placeholder(String(name), { v: params[name as keyof P] }),
  });
}

/**
 * A query built once per dialect: `build` receives the parameters as `Param`s (db/prepared.ts), so the statement's
 * text never depends on a value. Queries whose text varies get one statement per shape (`preparedByShape`).
 */
export function prepared<P extends Record<string, unknown>, R>(
  build: (db: Db, params: Params<P>) => Compilable<R>,
): (db: Db, params: P) => Promise<QueryResult<R>> {
  // Keyed by the dialect's adapter: a transaction shares its database's compiler and adapter, so it reuses the
  // statement compiled for the database it came from.
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  // The statement on each raw SQLite connection, or null when it writes (those go through the driver, always).
  const direct = new WeakMap<object, BetterSqlite3.Statement | null>();
  return (db, params) => {
    const executor = db.getExecutor();
    if (executor.plugins.length > 0) return db.executeQuery(build(db, withValues(params)));
    let query = compiled.get(executor.adapter);
    if (!query) {
      query = build(db, standIns<P>()).compile();
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
 * One prepared query per shape: `shape` is a set of named flags (which filters are on, which order), the only thing
 * `build` may branch on; the parameters come as `Param`s, as for `prepared`.
 */
export function preparedByShape<S extends Shape<S>, P extends Record<string, unknown>, R>(
  build: (db: Db, shape: S, params: Params<P>) => Compilable<R>,
): (db: Db, shape: S, params: P) => Promise<QueryResult<R>> {
  // One statement per combination of flags: at most 2^(number of flags), fixed by the code, not by input.
  const byShape = new Map<string, (db: Db, params: P) => Promise<QueryResult<R>>>();
  return (db, shape, params) => {
    const name = Object.keys(shape)
      .sort()
      .map((flag) => `${flag}=${shape[flag as keyof S] ? 1 : 0}`)
      .join();
    let query = byShape.get(name);
    if (!query) {
      const fixed = { ...shape };
      query = prepared<P, R>((d, p) => build(d, fixed, p));
      byShape.set(name, query);
    }
    return query(db, params);
  };
}

// The small lookups that request after request repeats — is this session live, does this film exist, what are its
// totals, does this member block anyone — kept under the database's version where reading it costs nothing
// (SQLite); on PostgreSQL the fact is simply looked up: one query either way.
const facts = defineRegion<QueryResult<unknown>>({
  name: "facts",
  share: 0.03,
  stale: { token: "database-free" },
  keeps:
    "a small prepared lookup's rows (session live, block, relation, a film's totals, a member's or a review list's version)",
  sizeOf: (result) => 64 + JSON.stringify(result.rows).length * 2,
});

/**
 * A prepared read whose answers are kept in the read cache's `facts` region under the database's version: any
 * committed write makes the next call run the query again. `name` is unique among kept reads. Callers must not
 * change the rows.
 */
export function preparedKept<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: Db, params: Params<P>) => Compilable<R>,
): (db: Db, params: P) => Promise<QueryResult<R>> {
  const query = prepared(build);
  return async (db, params) => {
    const key = `${name}:${JSON.stringify(Object.values(params))}`;
    return (await facts.get(db, key, () => query(db, params))) as QueryResult<R>;
  };
}
