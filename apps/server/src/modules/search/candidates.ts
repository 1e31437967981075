// Index lookups that narrow a query to candidate documents. Each lookup is SQL selecting document ids, a superset
// of the real matches of its tier level, and is counted with a bound first: more than `cap` → the caller switches to
// a popularity scan; otherwise the records are read by joining on it (no long id lists through the driver).
//   SQLite: B-tree on (kind, norm|chosung) for exact and prefix, FTS5 trigram for 3+ characters, FTS5 over n-gram
//   tokens for 1–2 characters and typo candidates. PostgreSQL: the same B-trees, pg_trgm GIN, GIN over a token array.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/types.js";
import { isPostgres, unmatchable } from "./dialect.js";
import { kindCode, kindRange, kindToken, type SearchKind } from "./documents.js";
import { type MatchText, matchText, type SearchQuery } from "./matcher.js";
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
    return limited(
      sql`select id from search_documents where kind = ${kindCode(kind)} and ${sql.ref(column)} like ${likePattern(text)}`,
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

/** What one typo lookup requires: every segment as a substring, or (3-character queries) one skip-gram. */
type TypoBranch = { segments: string[][] } | { skip: [string, string] };

/** Lookups whose union covers every text within the query's typos. */
function typoBranches(q: SearchQuery): TypoBranch[] {
  const c = q.chars;
  if (c.length === 3) {
    // abc with one edit leaves ab, bc, ac or a?c in the text.
    const [a, b, d] = c as [string, string, string];
    return [{ segments: [[a, b]] }, { segments: [[b, d]] }, { segments: [[a, d]] }, { skip: [a, d] }];
  }
  if (q.maxTypos === 1) {
    // An edit at position i (substituted, deleted, or an insertion before it) keeps q[..i] and q[i+1..] intact.
    return c.map((_, i) => ({ segments: [c.slice(0, i), c.slice(i + 1)].filter((s) => s.length > 0) }));
  }
  // Two edits touch at most two of five pieces: three are intact, so look up every three pieces together.
  const pieces = [0, 1, 2, 3, 4].map((p) =>
    c.slice(Math.floor((p * c.length) / 5), Math.floor(((p + 1) * c.length) / 5)),
  );
  const branches: TypoBranch[] = [];
  for (let a = 0; a < 5; a++) {
    for (let b = a + 1; b < 5; b++) {
      for (let d = b + 1; d < 5; d++) branches.push({ segments: [pieces[a]!, pieces[b]!, pieces[d]!] });
    }
  }
  return branches;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function typoLookup(db: Db, kind: SearchKind, branch: TypoBranch, cap: number): NonNullable<DocIds> {
  if ("skip" in branch) return tokenLookup(db, kind, [skipToken(...branch.skip)], cap)!;
  if (!isPostgres(db)) return tokenLookup(db, kind, [...new Set(branch.segments.flatMap(substringTokens))], cap)!;
  // PostgreSQL: long segments through pg_trgm (rarer trigrams than bigrams make cheaper GIN scans), short ones
  // through the token array. A segment holding U+0000 matches nothing there, nor then does the branch.
  if (branch.segments.some((s) => s.includes("\u0000"))) return sql<{ id: number }>`select 0 as id where 1 = 0`;
  const long = branch.segments.filter((s) => s.length >= 3);
  const short = branch.segments.filter((s) => s.length < 3).flatMap(substringTokens);
  const conditions = [
    sql`kind = ${kindCode(kind)}`,
    ...long.map((s) => sql`norm like ${likePattern(s.join(""))}`),
    ...(short.length ? [sql`grams @> ${short.map((t) => kindToken(kind, t))}::text[]`] : []),
  ];
  return limited(sql`select id from search_documents where ${sql.join(conditions, sql` and `)}`, cap);
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
  const branches = typoBranches(q).map((branch) => typoLookup(db, kind, branch, cap));
  return sql<{ id: number }>`${sql.join(branches, sql` union `)}`;
}

/**
 * The stored texts of the lookup's documents by record id, or null when it finds more than `cap`. SQLite counts
 * first (index only, cheap); PostgreSQL reads once, as its index scans cost more than the rows they return.
 */
export async function boundedTexts(db: Db, docs: DocIds, cap: number): Promise<Map<number, MatchText[]> | null> {
  const texts = new Map<number, MatchText[]>();
  if (docs === null) return texts;
  if (!isPostgres(db)) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from (${docs}) as c`.execute(db);
    if (Number(rows[0]?.n ?? 0) > cap) return null;
  }
  const { rows } = await sql<{ ref_id: number; norm: string; chosung: string }>`select ref_id, norm, chosung
    from search_documents where id in (${docs})`.execute(db);
  if (rows.length > cap) return null;
  for (const row of rows) {
    const id = Number(row.ref_id);
    const text = matchText(row.norm, row.chosung);
    const list = texts.get(id);
    if (list) list.push(text);
    else texts.set(id, [text]);
  }
  return texts;
}
