// Bulk row writer for the big benchmark tables: prepared single-row INSERTs inside one transaction per chunk on
// SQLite (better-sqlite3, synchronous), and `INSERT … SELECT * FROM unnest($1::type[], …)` — one statement per chunk
// of columns as arrays — on PostgreSQL. Constraints, foreign keys and indexes stay on: the data is checked as usual.
import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import type { BenchTarget } from "./database.js";

export type Cell = string | number | null;

export interface BulkWriter {
  /** Writes `count` rows whose cells `row(i)` returns in `columns` order, in chunks; `tick` after each chunk. */
  insert(
    table: string,
    columns: readonly string[],
    count: number,
    row: (i: number) => Cell[],
    tick?: (done: number) => void,
  ): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_CHUNK = 50_000;
const PG_CHUNK = 20_000;

function sqliteWriter(sqlite: BetterSqlite3.Database): BulkWriter {
  return {
    async insert(table, columns, count, row, tick) {
      const statement = sqlite.prepare(
        `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) values (${columns.map(() => "?").join(", ")})`,
      );
      const chunk = sqlite.transaction((from: number, to: number) => {
        for (let i = from; i < to; i++) statement.run(row(i));
      });
      for (let from = 0; from < count; from += SQLITE_CHUNK) {
        const to = Math.min(count, from + SQLITE_CHUNK);
        chunk(from, to);
        tick?.(to);
        // Let the progress bar redraw between chunks.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async close() {},
  };
}

async function pgWriter(url: string, schema: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  const types = new Map<string, Map<string, string>>();
  async function columnTypes(table: string) {
    let known = types.get(table);
    if (!known) {
      const { rows } = await client.query<{ column_name: string; udt_name: string }>(
        `select column_name, udt_name from information_schema.columns where table_schema = $1 and table_name = $2`,
        [schema, table],
      );
      known = new Map(rows.map((r) => [r.column_name, r.udt_name]));
      types.set(table, known);
    }
    return known;
  }
  return {
    async insert(table, columns, count, row, tick) {
      const known = await columnTypes(table);
      const casts = columns.map((c, i) => {
        const type = known.get(c);
        if (!type) throw new Error(`${table}.${c} does not exist`);
        return `$${i + 1}::${type}[]`;
      });
      const text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(", ")})
        select * from unnest(${casts.join(", ")})`;
      for (let from = 0; from < count; from += PG_CHUNK) {
        const to = Math.min(count, from + PG_CHUNK);
        const arrays: Cell[][] = columns.map(() => new Array<Cell>(to - from));
        for (let i = from; i < to; i++) {
          const cells = row(i);
          for (let c = 0; c < columns.length; c++) arrays[c]![i - from] = cells[c]!;
        }
        await client.query(text, arrays);
        tick?.(to);
      }
    },
    async close() {
      await client.end();
    },
  };
}

export async function openBulkWriter(target: BenchTarget, sqlite?: BetterSqlite3.Database): Promise<BulkWriter> {
  if (target.dialect === "sqlite") {
    if (!sqlite) throw new Error("SQLite bulk writes need the raw connection");
    return sqliteWriter(sqlite);
  }
  return pgWriter(target.url!, target.schema);
}
