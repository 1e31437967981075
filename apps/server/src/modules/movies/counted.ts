// Answers that show films' counters (average rating, ratings count, reviews count) kept without them. A star given
// anywhere changes the `movies` table, so every kept answer showing some film's average went stale with it and was
// built again whole — a search page, a chart, 소식, a person's films — though only the counters moved. Such an answer
// is also kept cut where its films' counters go (`CountedJson`), under the tables it reads but `movies` (the catalog
// version in app_state moves with every other field of a film's row), and sent with the counters as they are now:
// one query for its films instead of the whole build.
import type { Kysely } from "kysely";
import type { z } from "zod";
import { answerJson, type DatabaseRegion, type DatabaseToken, type KeepOptions } from "../../cache/index.js";
import type { Database } from "../../db/types.js";
import { KeptBody } from "../../http/json-reply.js";
import { averageRating } from "./mapper.js";
import { findMovieRatings } from "./repository.js";

/** An answer as sent, cut where its films' counters go: parts[0], film 0's counters, parts[1], … */
export interface CountedJson {
  parts: string[];
  /** The film of each hole. */
  films: number[];
  /** What each hole shows: 0 the average, 1 and the ratings count, 2 and the reviews count too. */
  shapes: number[];
}

/** A kept CountedJson's size in bytes, for a region's sizeOf. */
export function countedJsonSize(counted: CountedJson): number {
  let size = 64 + counted.films.length * 24;
  for (const part of counted.parts) size += 2 * part.length + 16;
  return size;
}

/**
 * A copy of `value` in which every film object (an object with a numeric `id` and an `average_rating`) shows the
 * hole's number as a negative average and zero counts, recording the film and the counters it shows.
 */
function marked(value: unknown, films: number[], shapes: number[]): unknown {
  if (Array.isArray(value)) return value.map((item) => marked(item, films, shapes));
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = marked(item, films, shapes);
  if ("average_rating" in copy && typeof copy.id === "number") {
    films.push(copy.id);
    copy.average_rating = -films.length;
    const shape = "reviews_count" in copy ? 2 : "ratings_count" in copy ? 1 : 0;
    shapes.push(shape);
    if (shape >= 1) copy.ratings_count = 0;
    if (shape === 2) copy.reviews_count = 0;
  }
  return copy;
}

/**
 * `value` encoded through `schema` (as answerJson), cut where its films' counters go. Throws if a film's counters do
 * not follow its average in the schema's order (the cut would leave a stale count in the kept part).
 */
export function countedJson<T>(schema: z.ZodType<T>, value: T): CountedJson {
  const films: number[] = [];
  const shapes: number[] = [];
  const json = answerJson(schema, marked(value, films, shapes) as T);
  const parts: string[] = [];
  const order: number[] = [];
  const orderShapes: number[] = [];
  // A key's quotes inside a string value are escaped, so only an object's own field matches.
  const hole = /"average_rating":-(\d+)((?:,"ratings_count":0)?)((?:,"reviews_count":0)?)/g;
  let from = 0;
  for (const match of json.matchAll(hole)) {
    const index = Number(match[1]) - 1;
    const shape = match[3] ? 2 : match[2] ? 1 : 0;
    if (shapes[index] !== shape) throw new Error(`film ${films[index]}: its counters do not follow its average`);
    parts.push(json.slice(from, match.index));
    order.push(films[index]!);
    orderShapes.push(shape);
    from = match.index + match[0].length;
  }
  if (order.length !== films.length) throw new Error("a film's average was left out of the answer");
  parts.push(json.slice(from));
  return { parts, films: order, shapes: orderShapes };
}

/** The answer with its films' counters as they are now (one query); null when one of its films no longer exists. */
export async function withCountersNow(db: Kysely<Database>, counted: CountedJson): Promise<string | null> {
  if (counted.films.length === 0) return counted.parts[0]!;
  const rows = await findMovieRatings(db, [...new Set(counted.films)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  let json = counted.parts[0]!;
  for (let i = 0; i < counted.films.length; i++) {
    const row = byId.get(counted.films[i]!);
    if (!row) return null;
    const shape = counted.shapes[i]!;
    // The fields in the schema's order, as answerJson writes them.
    json += `"average_rating":${JSON.stringify(averageRating(row))}`;
    if (shape >= 1) json += `,"ratings_count":${row.ratings_count}`;
    if (shape === 2) json += `,"reviews_count":${row.reviews_count}`;
    json += counted.parts[i + 1]!;
  }
  return json;
}

/** Where an answer showing films' counters is kept: as sent, and cut at the counters (under its tables but movies). */
export interface CutRegions {
  sent: DatabaseRegion<KeptBody>;
  cut: DatabaseRegion<CountedJson>;
}

/**
 * An answer showing films' counters, as kept: the answer as sent while none of its tables changed; else its kept cut
 * (`build.cut` on a miss) filled with the counters as they are now; `build.whole` when a film of the cut is gone.
 */
export function keptWithCut(
  db: Kysely<Database>,
  regions: CutRegions,
  key: string,
  build: { cut: () => Promise<CountedJson>; whole: () => Promise<string> },
  options?: KeepOptions & { at?: DatabaseToken },
): Promise<KeptBody> {
  return regions.sent.get(
    db,
    key,
    async () => {
      const json = await withCountersNow(db, await regions.cut.get(db, key, build.cut, options));
      return KeptBody.of(json ?? (await build.whole()));
    },
    options,
  );
}
