// Index lookups that narrow a query to candidate documents. Each lookup is SQL selecting document ids, a superset
// of the real matches of its tier level, and is counted with a bound first: more than `cap` → the caller switches to
// a popularity scan; otherwise the records are read by joining on it (no long id lists through the driver).
//   SQLite: B-tree on (kind, norm|chosung) for exact and prefix, FTS5 trigram for 3+ characters, FTS5 over n-gram
//   tokens for 1–2 characters and typo candidates. PostgreSQL: the same B-trees, pg_trgm GIN, GIN over a token array.
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../../db/types.js";
import { isPostgres, unmatchable } from "./dialect.js";
import { kindCode, kindRange, kindToken, type SearchKind } from "../documents.js";
import type { SearchQuery } from "../matcher.js";
import { gramToken, skipToken } from "../normalize.js";

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
    // The bigram tokens (which carry the kind) narrow through the token index, the pattern keeps exact substrings.
    // No condition on kind: with one, the planner may walk the (kind, text) B-tree filtering every row by the
    // pattern, hoping to meet the limit early — a scan of the whole kind when the text is rare.
    const tokens = substringTokens(chars).map((token) => kindToken(kind, token));
    return limited(
      sql`select id from search_documents where grams @> ${tokens}::text[] and ${sql.ref(column)} like ${likePattern(text)}`,
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

/** `n` contiguous pieces of the query, as even as possible. */
function splitQuery(c: readonly string[], n: number): string[][] {
  return Array.from({ length: n }, (_, p) =>
    c.slice(Math.floor((p * c.length) / n), Math.floor(((p + 1) * c.length) / n)),
  );
}

/**
 * What one typo lookup requires: every segment as a substring, and — when given — one of `anyOf` (tokens that
 * pin down the edit's position); or, for 3-character queries, one skip-gram.
 */
type TypoBranch = { segments: string[][]; anyOf?: string[]; near?: number } | { skip: [string, string] };

/** Lookups whose union covers every text within the query's typos. */
function typoBranches(q: SearchQuery): TypoBranch[] {
  const c = q.chars;
  if (c.length === 3) {
    // abc with one edit leaves ab, bc, ac or a?c in the text.
    const [a, b, d] = c as [string, string, string];
    return [{ segments: [[a, b]] }, { segments: [[b, d]] }, { segments: [[a, d]] }, { skip: [a, d] }];
  }
  if (q.maxTypos === 1) {
    // One edit at position i keeps q[..i] and q[i+1..] intact, and around it leaves q[i-1]?q[i+1] (substituted),
    // q[i-1]q[i+1] (deleted) or q[i-1]?q[i] (a character inserted before q[i]).
    return c.map((_, i) => {
      const segments = [c.slice(0, i), c.slice(i + 1)].filter((s) => s.length > 0);
      if (i === 0 || i === c.length - 1) return { segments };
      const [before, at, after] = [c[i - 1]!, c[i]!, c[i + 1]!];
      return { segments, anyOf: [skipToken(before, after), gramToken([before, after]), skipToken(before, at)] };
    });
  }
  // Two edits touch at most two of n pieces: the other n − 2 are intact, so look up every n − 2 pieces together.
  // Five pieces, unless four give pieces of three or more characters (trigram phrases, far more selective than
  // bigrams) where five would not.
  const n = c.length >= 4 * 3 && c.length < 5 * 3 ? 4 : 5;
  const start = (p: number) => Math.floor((p * c.length) / n);
  const pieces = splitQuery(c, n);
  const branches: TypoBranch[] = [];
  const choose = (from: number, chosen: number[]): void => {
    if (chosen.length === n - 2) {
      const [first, last] = [chosen[0]!, chosen[chosen.length - 1]!];
      // Intact pieces keep their order and their distance give or take the typos: in trigram positions, at most
      // (last start − first start + typos) − first length + 2 tokens lie between the first and the last.
      const near = start(last) - start(first) + q.maxTypos - pieces[first]!.length + 2;
      branches.push({ segments: chosen.map((p) => pieces[p]!), near });
      return;
    }
    for (let p = from; p < n; p++) choose(p + 1, [...chosen, p]);
  };
  choose(0, []);
  return branches;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function typoLookup(db: Db, kind: SearchKind, branch: TypoBranch, cap: number): NonNullable<DocIds> {
  if ("skip" in branch) return tokenLookup(db, kind, [skipToken(...branch.skip)], cap)!;
  const anyOf = (branch.anyOf ?? []).map((token) => kindToken(kind, token));
  if (!isPostgres(db)) {
    // Segments of three or more characters: one trigram phrase each, all in one full-text query.
    if (!branch.anyOf && branch.segments.every((s) => s.length >= 3 && !s.includes("\u0000"))) {
      const [first, last] = kindRange(kind);
      const phrases = branch.segments.map((s) => `"${s.join("").replaceAll('"', '""')}"`);
      // NEAR: the phrases in order-free proximity (tokens between the first and the last at most `near`).
      const match =
        branch.near === undefined || phrases.length < 2
          ? `norm : (${phrases.join(" AND ")})`
          : `norm : NEAR(${phrases.join(" ")}, ${branch.near})`;
      return limited(
        sql`select rowid as id from search_trigrams where search_trigrams match ${match}
          and rowid between ${first} and ${last}`,
        cap,
      );
    }
    const all = [...new Set(branch.segments.flatMap(substringTokens))].map((token) => kindToken(kind, token));
    const query = [...all, ...(anyOf.length ? [`(${anyOf.join(" OR ")})`] : [])].join(" AND ");
    return limited(sql`select rowid as id from search_grams where search_grams match ${query}`, cap);
  }
  // PostgreSQL: every segment's bigram tokens through the token array (they carry the kind, so no condition on
  // kind: see containsLookup), and long segments also as patterns (pg_trgm), which keep them contiguous. A segment
  // holding U+0000 matches nothing there, nor then does the branch.
  if (branch.segments.some((s) => s.includes("\u0000"))) return sql<{ id: number }>`select 0 as id where 1 = 0`;
  const long = branch.segments.filter((s) => s.length >= 3);
  const tokens = [...new Set(branch.segments.flatMap(substringTokens))].map((t) => kindToken(kind, t));
  const conditions = [
    sql`grams @> ${tokens}::text[]`,
    ...long.map((s) => sql`norm like ${likePattern(s.join(""))}`),
    ...(anyOf.length ? [sql`grams && ${anyOf}::text[]`] : []),
  ];
  return limited(sql`select id from search_documents where ${sql.join(conditions, sql` and `)}`, cap);
}

/** k+1 contiguous pieces of the query: a text within k typos contains one of them intact. */
export function typoPieces(q: SearchQuery): string[] {
  return splitQuery(q.chars, q.maxTypos + 1).map((piece) => piece.join(""));
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

const countQuery = (db: Db, docs: NonNullable<DocIds>) =>
  sql<{ n: number }>`select count(*) as n from (${docs}) as c`.execute(db);

/** How many documents the lookup finds (each branch stops at its own limit). */
export function countCandidates(db: Db, docs: NonNullable<DocIds>): Promise<number> {
  return countQuery(db, docs).then((r) => Number(r.rows[0]?.n ?? 0));
}

/** How many documents the lookup finds, counting at most max + 1 per branch (index only). */
export async function countDocuments(db: Db, docs: NonNullable<DocIds>, max: number): Promise<number> {
  const { rows } = await countQuery(db, docs);
  return Math.min(Number(rows[0]?.n ?? 0), max + 1);
}

/** Whether the lookup finds at most `cap` documents. */
export async function isBounded(db: Db, docs: DocIds, cap: number): Promise<boolean> {
  return docs === null || (await countDocuments(db, docs, cap)) <= cap;
}
