// Index lookups that narrow a query to candidate documents. Each lookup is SQL selecting document ids, a superset
// of the real matches of its tier level, and is counted with a bound first: more than `cap` → the caller switches to
// a popularity scan; otherwise the records are read by joining on it (no long id lists through the driver).
//   SQLite: B-tree on (kind, norm|chosung) for exact and prefix, FTS5 trigram for 3+ characters, FTS5 over n-gram
//   tokens for 1–2 characters and typo candidates. PostgreSQL: the same B-trees, pg_trgm GIN, GIN over a token array.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { isPostgres, unmatchable } from "./dialect.js";
import { kindCode, kindRange, kindToken, type SearchKind } from "./documents.js";
import type { SearchQuery } from "./matcher.js";
import { gramToken, skipToken } from "./normalize.js";

type Db = Kysely<Database>;
type Column = SearchQuery["column"];

/** SQL selecting candidate document ids (`id`), each branch limited to cap + 1 rows; null matches nothing. */
export type DocIds = RawBuilder<{ id: number }> | null;

/** A string after every string that starts with `prefix` (code point order; collation "C" on PostgreSQL). */
const AFTER_PREFIX = "\u{10FFFF}";

/** One lookup, wrapped so that it can be a UNION branch on both databases. */
const limited = (query: RawBuilder<unknown>, cap: number): RawBuilder<{ id: number }> =>
  sql<{ id: number }>`select id from (${query} limit ${cap + 1}) as l`;

function exactOrPrefix(db: Db, kind: SearchKind, column: Column, key: string, prefix: boolean, cap: number): DocIds {
  if (unmatchable(db, key)) return null;
  const col = sql.ref(column);
  const match = prefix ? sql`${col} >= ${key} and ${col} < ${key + AFTER_PREFIX}` : sql`${col} = ${key}`;
  return limited(sql`select id from search_documents where kind = ${kindCode(kind)} and ${match}`, cap);
}

/** Documents holding every token (n-grams of the text or of its 초성 form). */
function tokenLookup(db: Db, kind: SearchKind, tokens: readonly string[], cap: number): DocIds {
  const ofKind = tokens.map((token) => kindToken(kind, token));
  if (isPostgres(db)) {
    return limited(sql`select id from search_documents where grams @> ${ofKind}::text[]`, cap);
  }
  return limited(sql`select rowid as id from search_grams where search_grams match ${ofKind.join(" AND ")}`, cap);
}

/** Tokens every text containing `chars` holds: its bigrams (its one character when that short). */
function substringTokens(chars: readonly string[]): string[] {
  if (chars.length === 0) return [];
  if (chars.length === 1) return [gramToken(chars)];
  return chars.slice(1).map((char, i) => gramToken([chars[i]!, char]));
}

/** Documents whose `column` contains `chars` as a substring. */
function containsLookup(db: Db, kind: SearchKind, column: Column, chars: readonly string[], cap: number): DocIds {
  const text = chars.join("");
  if (unmatchable(db, text)) return null;
  if (chars.length <= 2) return tokenLookup(db, kind, [gramToken(chars)], cap);
  if (isPostgres(db)) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return limited(
      sql`select id from search_documents where kind = ${kindCode(kind)} and ${sql.ref(column)} like ${pattern}`,
      cap,
    );
  }
  // FTS5 query strings end at U+0000: such keys fall back to the (superset) bigram tokens.
  if (text.includes("\u0000")) return tokenLookup(db, kind, substringTokens(chars), cap);
  const [first, last] = kindRange(kind);
  const phrase = `${column} : "${text.replaceAll('"', '""')}"`;
  return limited(
    sql`select rowid as id from search_trigrams where search_trigrams match ${phrase}
      and rowid between ${first} and ${last}`,
    cap,
  );
}

/** Token sets (each looked up with AND) whose union covers every text within the query's typos. */
function fuzzyTokenSets(q: SearchQuery): string[][] {
  const c = q.chars;
  if (c.length === 3) {
    // abc with one edit leaves ab, bc, ac or a?c in the text.
    const [a, b, d] = c as [string, string, string];
    return [[gramToken([a, b])], [gramToken([b, d])], [gramToken([a, d])], [skipToken(a, d)]];
  }
  if (q.maxTypos === 1) {
    // An edit at position i (substituted, deleted, or an insertion before it) keeps q[..i] and q[i+1..] intact.
    return c.map((_, i) => [...new Set([...substringTokens(c.slice(0, i)), ...substringTokens(c.slice(i + 1))])]);
  }
  // Two edits touch at most two of five pieces: three are intact, so look up every three pieces together.
  const pieces = [0, 1, 2, 3, 4].map((p) =>
    c.slice(Math.floor((p * c.length) / 5), Math.floor(((p + 1) * c.length) / 5)),
  );
  const sets: string[][] = [];
  for (let a = 0; a < 5; a++) {
    for (let b = a + 1; b < 5; b++) {
      for (let d = b + 1; d < 5; d++) {
        sets.push([...new Set([pieces[a]!, pieces[b]!, pieces[d]!].flatMap(substringTokens))]);
      }
    }
  }
  return sets;
}

/** k+1 contiguous pieces of the query: a text within k typos contains one of them intact. */
export function typoPieces(q: SearchQuery): string[] {
  const c = q.chars;
  const n = q.maxTypos + 1;
  return Array.from({ length: n }, (_, p) =>
    c.slice(Math.floor((p * c.length) / n), Math.floor(((p + 1) * c.length) / n)).join(""),
  );
}

/**
 * Candidate document ids for records whose best tier is at most `level` (0 exact, 1 prefix, 2 contains,
 * 3 fuzzy — which includes 0–2).
 */
export function candidateDocuments(db: Db, kind: SearchKind, q: SearchQuery, level: number, cap: number): DocIds {
  if (level === 0 || level === 1) return exactOrPrefix(db, kind, q.column, q.key, level === 1, cap);
  if (level === 2) return containsLookup(db, kind, q.column, q.keyChars, cap);
  const branches = fuzzyTokenSets(q).map((tokens) => tokenLookup(db, kind, tokens, cap)!);
  return sql<{ id: number }>`${sql.join(branches, sql` union `)}`;
}

/** Whether the lookup finds at most `cap` documents (reads at most cap + 1 per branch, index only). */
export async function isBounded(db: Db, docs: DocIds, cap: number): Promise<boolean> {
  if (docs === null) return true;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${docs}) as c`.execute(db);
  return Number(rows[0]?.n ?? 0) <= cap;
}
