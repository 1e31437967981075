// The benchmark database: a SQLite file (default var/bench.db) or, with DATABASE_URL set, the `bench` schema of that
// PostgreSQL database (never the application's own tables).
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { REPO_ROOT } from "../../apps/server/src/config.js";
import { type DbHandle, openDatabase } from "../../apps/server/src/db/connection.js";

/** app_state key where bench:data records its scale, counts and index build time. */
export const BENCH_META_KEY = "bench:meta";

export function flag(name: string): string | undefined {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit?.slice(name.length + 3);
}

export interface BenchTarget {
  label: string;
  dialect: "sqlite" | "postgres";
  file?: string;
  url?: string;
  schema: string;
}

export function benchTarget(): BenchTarget {
  const url = process.env.DATABASE_URL?.trim();
  const schema = flag("schema") ?? "bench";
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return {
      label: `PostgreSQL ${url.replace(/\/\/[^@]*@/, "//")} (schema ${schema})`,
      dialect: "postgres",
      url,
      schema,
    };
  }
  const file = path.resolve(REPO_ROOT, flag("db") ?? "var/bench.db");
  return { label: `SQLite ${path.relative(REPO_ROOT, file)}`, dialect: "sqlite", file, schema };
}

/** Removes any earlier benchmark data: the SQLite file, or the PostgreSQL schema. */
export async function resetTarget(target: BenchTarget): Promise<void> {
  if (target.dialect === "sqlite") {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${target.file}${suffix}`, { force: true });
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  await client.query(`drop schema if exists "${target.schema}" cascade`);
  await client.query(`create schema "${target.schema}"`);
  await client.end();
}

/** `asServer`: opened as the server opens its database (SQLite: WAL checkpoints in a worker thread). */
export function openTarget(target: BenchTarget, poolSize = 10, asServer = false): DbHandle {
  return target.dialect === "sqlite"
    ? openDatabase({ kind: "sqlite", file: target.file! }, { backgroundCheckpoints: asServer })
    : openDatabase({ kind: "postgres", url: target.url! }, { schema: target.schema, poolSize });
}

/** Size on disk: the SQLite file, or the PostgreSQL schema's relations. */
export async function targetSize(target: BenchTarget): Promise<number> {
  if (target.dialect === "sqlite") return fs.existsSync(target.file!) ? fs.statSync(target.file!).size : 0;
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  const { rows } = await client.query(
    `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as n from pg_class c
     join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'm')`,
    [target.schema],
  );
  await client.end();
  return Number(rows[0].n);
}

export const formatBytes = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
