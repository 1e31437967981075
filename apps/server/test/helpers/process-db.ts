// Databases for server processes: a SQLite file (copied from a template seeded once, so each test skips the
// catalog seed) or a fresh PostgreSQL schema; plus a direct handle for checks the HTTP API cannot make.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type DbHandle, openDatabase } from "../../src/db/connection.js";
import { freshPostgresSchema, startServer } from "./server-process.js";

export interface ProcessDatabase {
  url: string;
  /** A direct connection (SQLite: the same file; PostgreSQL: the same schema). */
  open(): DbHandle;
  drop(): Promise<void>;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mp-process-"));
let template: Promise<string> | undefined;

/** A seeded SQLite file: the first server seeds it, a graceful stop checkpoints the WAL into it. */
function sqliteTemplate(): Promise<string> {
  template ??= (async () => {
    const file = path.join(tmp, "template.sqlite");
    const server = await startServer({ DATABASE_URL: `sqlite:${file}` });
    const { code } = await server.stop("SIGTERM");
    if (code !== 0) throw new Error(`template server exited with ${code}:\n${server.lines.join("\n")}`);
    return file;
  })();
  return template;
}

let copies = 0;
export async function freshDatabase(postgresUrl: string | undefined): Promise<ProcessDatabase> {
  if (postgresUrl) {
    const pgSchema = await freshPostgresSchema(postgresUrl);
    return {
      url: pgSchema.url,
      open: () => openDatabase({ kind: "postgres", url: postgresUrl }, { schema: pgSchema.schema, poolSize: 2 }),
      drop: pgSchema.drop,
    };
  }
  const source = await sqliteTemplate();
  const file = path.join(tmp, `db-${++copies}.sqlite`);
  for (const suffix of ["", "-wal", "-shm"]) {
    if (fs.existsSync(source + suffix)) fs.copyFileSync(source + suffix, file + suffix);
  }
  return {
    url: `sqlite:${file}`,
    open: () => openDatabase({ kind: "sqlite", file }),
    drop: async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    },
  };
}

export function removeTemplates(): void {
  fs.rmSync(tmp, { recursive: true, force: true });
}
