// The fixed query mix of bench:search, sampled from the benchmark database with a fixed seed: the same data always
// gives the same queries. Types follow the issue: exact, prefix, contains, short (1–2 characters), 초성, typo, genre.
import { type Kysely, sql } from "kysely";
import type { Database } from "../../apps/server/src/db/types.js";
import { choseongKey } from "../../apps/server/src/modules/search/normalize.js";
import { Random } from "../shared/random.js";

export const QUERY_TYPES = ["exact", "prefix", "contains", "short", "초성", "typo", "genre"] as const;
export type QueryType = (typeof QUERY_TYPES)[number];

const PER_TYPE = 100;
/** Frequent one- and two-syllable searches (common words, surnames). */
const SHORT_WORDS = [
  "사랑",
  "괴물",
  "밤",
  "꿈",
  "김",
  "이",
  "박",
  "전쟁",
  "영화",
  "별",
  "곡성",
  "왕",
  "피",
  "섬",
  "love",
  "la",
];
const SYLLABLES = Array.from(
  "가나다라마바사아자차카타파하기니디리미비시이지치키티피히고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후",
);

const chars = (text: string) => Array.from(text.replace(/\s+/g, ""));

async function sample(
  db: Kysely<Database>,
  table: "movies" | "people",
  column: "title" | "original_title" | "name",
  ids: number[],
) {
  const rows = await db
    .selectFrom(table)
    .select(sql<string>`${sql.ref(column)}`.as("text"))
    .where("id", "in", ids)
    .execute();
  return rows.map((r) => String(r.text)).filter((t) => t.trim() !== "");
}

export async function buildQueries(db: Kysely<Database>): Promise<Record<QueryType, string[]>> {
  const r = new Random(424242);
  const count = async (table: "movies" | "people") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [movieCount, peopleCount] = [await count("movies"), await count("people")];
  const movieIds = r.distinct(400, movieCount, () => 1 + r.int(movieCount));
  const titles = await sample(db, "movies", "title", movieIds);
  const originals = (await sample(db, "movies", "original_title", movieIds.slice(0, 200))).filter((t) =>
    /[a-z]/i.test(t),
  );
  const names = await sample(
    db,
    "people",
    "name",
    r.distinct(200, peopleCount, () => 1 + r.int(peopleCount)),
  );
  const genres = (await db.selectFrom("genres").select("name").execute()).map((g) => g.name);
  const long = titles.filter((t) => chars(t).length >= 3);

  const take = (make: () => string | null): string[] => {
    const out = new Set<string>();
    for (let tries = 0; out.size < PER_TYPE && tries < PER_TYPE * 50; tries++) {
      const q = make();
      if (q && q.trim()) out.add(q);
    }
    return [...out];
  };
  const slice = (text: string, from: number, length: number) =>
    chars(text)
      .slice(from, from + length)
      .join("");

  return {
    exact: take(() => (r.next() < 0.6 ? r.pick(titles) : r.next() < 0.5 ? r.pick(names) : r.pick(originals))),
    prefix: take(() => {
      const text = r.next() < 0.7 ? r.pick(long) : r.pick(names);
      return slice(text, 0, 2 + r.int(Math.min(3, chars(text).length - 1)));
    }),
    contains: take(() => {
      const text = r.pick(long.filter((t) => chars(t).length >= 4));
      return slice(text, 1 + r.int(chars(text).length - 3), 3);
    }),
    short: take(() => (r.next() < 0.5 ? r.pick(SHORT_WORDS) : slice(r.pick(titles), r.int(2), 1 + r.int(2)))),
    초성: take(() => {
      const text = r.next() < 0.5 ? r.pick(names) : r.pick(long);
      return choseongKey(
        chars(text)
          .slice(0, 2 + r.int(3))
          .filter((c) => /[가-힣]/.test(c)),
      );
    }),
    typo: take(() => {
      const text = chars(r.pick(long)).slice(0, 8);
      const at = r.int(text.length);
      const typo = r.pick(SYLLABLES);
      if (typo === text[at]) return null;
      text[at] = typo;
      return text.join("");
    }),
    genre: take(() => {
      const shape = r.int(3);
      if (shape === 0) return r.pick(genres);
      if (shape === 1) return `${r.pick(genres)} ${r.pick(genres)}`;
      return `${r.pick(genres)} 영화`;
    }),
  };
}
