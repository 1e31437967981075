// SQL of the feed (issue #21): what the members a member follows did, read straight from the rows it is about, so a
// deleted review or collection, an emptied (hidden) review or a block is reflected at once, with no log to keep.
// Ratings and collection additions come grouped by member (or collection) and clock hour (`YYYY-MM-DDTHH`, the
// first 13 characters of a timestamp, the same on both databases). Each source answers its newest rows between two
// bounds, so the service can look back a day, then a month, then everything.
import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { literalLimit } from "../../db/literal-limit.js";
import { type Params, preparedKept } from "../../db/prepared.js";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export interface Bounds {
  /** Newest time to include (the keyset cursor's time), or null. */
  to: string | null;
  /** Oldest time to include, the start of an hour (so a group is never cut), or null. */
  from: string | null;
  limit: number;
  /** Only these followed members' activity (a feed worked out from the last one: those whose reviews changed). */
  only?: readonly number[];
}

// Each followed member's version as `id:version`, in one string (one row instead of one per followed member: a
// fraction of the cost). A cross join, which SQLite takes as the join order: the member's follows first, then each
// one's version (left to choose, it walked every member's version to meet the follows, 10 ms instead of 0.15;
// query-plans.test).
const joinedFollowedVersions = preparedKept("feed-followed-versions", (db, p: Params<{ me: number }>) =>
  db
    .selectFrom("follows as f")
    .crossJoin("review_list_versions as v")
    .select(sql<string | null>`string_agg(f.target_id || ':' || v.version, ',' order by f.target_id)`.as("versions"))
    .where("f.user_id", "=", p.me)
    .where("v.scope", "=", "user")
    .whereRef("v.scope_id", "=", "f.target_id"),
);

export interface FollowedVersions {
  /** Changes with every change of a followed member's reviews (new, edited, deleted, liked, replied to). */
  digest: string;
  /** Each followed member's review-list version: what a feed window worked out from the last one compares. */
  byMember(): ReadonlyMap<number, string>;
}

/**
 * The review-list versions (migration 0019) of everyone `me` follows. Read on every feed read and kept until the
 * next write (`facts`); split per member only when a window is built.
 */
export async function followedReviewVersions(db: Db, me: number): Promise<FollowedVersions> {
  const joined = (await joinedFollowedVersions(db, { me })).rows[0]?.versions ?? "";
  return {
    digest: createHash("sha1").update(joined).digest("base64"),
    byMember: () =>
      new Map(
        joined === ""
          ? []
          : joined.split(",").map((pair) => {
              const colon = pair.indexOf(":");
              return [Number(pair.slice(0, colon)), pair.slice(colon + 1)] as const;
            }),
      ),
  };
}

/** Members `me` follows (or those of them in `only`), without anyone blocked in either direction. */
function followed(me: number, only: readonly number[] | undefined) {
  const among = only ? sql` and f.target_id in (${sql.join(only)})` : sql``;
  return sql`(select f.target_id from follows f where f.user_id = ${me}${among}
    and not exists (select 1 from blocks b where b.user_id = ${me} and b.target_id = f.target_id)
    and not exists (select 1 from blocks b where b.user_id = f.target_id and b.target_id = ${me}))`;
}

const hour = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;
/** The last second of the cursor's hour: a group of that hour is read whole, then kept or dropped by its newest row. */
const hourEnd = (time: string) => `${time.slice(0, 13)}:59:59`;

export interface GroupRow {
  owner_id: number;
  user_id: number;
  bucket: string;
  t: string;
  n: number | string;
}

/** Rating-only reviews (no text), grouped by member and hour. */
export function ratingGroups(db: Db, me: number, b: Bounds): Promise<GroupRow[]> {
  let query = db
    .selectFrom("reviews as r")
    .select([
      "r.user_id as owner_id",
      "r.user_id",
      hour("r.updated_at").as("bucket"),
      sql<string>`max(r.updated_at)`.as("t"),
      sql<number>`count(*)`.as("n"),
    ])
    .where(sql<boolean>`r.user_id in ${followed(me, b.only)}`)
    // As the partial index reviews_feed_ratings (migration 0018) says it, so the planner reads it alone.
    .where(sql<boolean>`r.content = '' and r.rating > 0`);
  if (b.to !== null) query = query.where("r.updated_at", "<=", hourEnd(b.to));
  if (b.from !== null) query = query.where("r.updated_at", ">=", b.from);
  let grouped = query.groupBy(["r.user_id", hour("r.updated_at")]);
  if (b.to !== null) grouped = grouped.having(sql`max(r.updated_at)`, "<=", b.to);
  return grouped
    .orderBy(sql`max(r.updated_at)`, "desc")
    .orderBy("r.user_id", "desc")
    .limit(b.limit)
    .execute() as Promise<GroupRow[]>;
}

export interface SingleRow {
  id: number;
  user_id: number;
  movie_id: number;
  t: string;
  kind: "review" | "want";
}

/** Written reviews and want-to-see marks without text or rating, one item each. */
export function singleReviews(db: Db, me: number, b: Bounds): Promise<SingleRow[]> {
  let query = db
    .selectFrom("reviews as r")
    .select([
      "r.id",
      "r.user_id",
      "r.movie_id",
      "r.updated_at as t",
      sql<"review" | "want">`case when r.content <> '' then 'review' else 'want' end`.as("kind"),
    ])
    .where(sql<boolean>`r.user_id in ${followed(me, b.only)}`)
    .where(sql<boolean>`(r.content <> '' or (r.rating = 0 and r.status = 'WatchList'))`);
  if (b.to !== null) query = query.where("r.updated_at", "<=", b.to);
  if (b.from !== null) query = query.where("r.updated_at", ">=", b.from);
  return query.orderBy("r.updated_at", "desc").orderBy("r.id", "desc").limit(b.limit).execute();
}

export interface CollectionItemRow {
  id: number;
  user_id: number;
  t: string;
  movie_count: number;
}

export function newCollections(db: Db, me: number, b: Bounds): Promise<CollectionItemRow[]> {
  let query = db
    .selectFrom("collections as c")
    .select(["c.id", "c.user_id", "c.created_at as t", "c.movie_count"])
    .where(sql<boolean>`c.user_id in ${followed(me, b.only)}`);
  if (b.to !== null) query = query.where("c.created_at", "<=", b.to);
  if (b.from !== null) query = query.where("c.created_at", ">=", b.from);
  return query.orderBy("c.created_at", "desc").orderBy("c.id", "desc").limit(b.limit).execute();
}

/** Films added to a collection by edits, grouped by collection and hour. */
export function additionGroups(db: Db, me: number, b: Bounds): Promise<GroupRow[]> {
  let query = db
    .selectFrom("collection_movies as cm")
    .innerJoin("collections as c", "c.id", "cm.collection_id")
    .select([
      "cm.collection_id as owner_id",
      "c.user_id",
      hour("cm.added_at").as("bucket"),
      sql<string>`max(cm.added_at)`.as("t"),
      sql<number>`count(*)`.as("n"),
    ])
    .where(sql<boolean>`c.user_id in ${followed(me, b.only)}`)
    .where("cm.added_at", "is not", null);
  if (b.to !== null) query = query.where("cm.added_at", "<=", hourEnd(b.to));
  if (b.from !== null) query = query.where("cm.added_at", ">=", b.from);
  let grouped = query.groupBy(["cm.collection_id", "c.user_id", hour("cm.added_at")]);
  if (b.to !== null) grouped = grouped.having(sql`max(cm.added_at)`, "<=", b.to);
  return grouped
    .orderBy(sql`max(cm.added_at)`, "desc")
    .orderBy("cm.collection_id", "desc")
    .limit(b.limit)
    .execute() as Promise<GroupRow[]>;
}

/**
 * The newest `shown` films of each (member, hour) rating group, newest first, with the review of each: a group of a
 * 평가하기 session holds dozens of ratings, of which a feed item shows a few, so each group is read by index up to
 * that many rows instead of whole (`shown` written into the statement: db/literal-limit.ts).
 */
export async function groupRatings(db: Db, groups: readonly { user_id: number; bucket: string }[], shown: number) {
  if (groups.length === 0) return [];
  const perGroup = groups.map(
    (g) => sql`select * from (select id, user_id, movie_id, updated_at from reviews
      where user_id = ${g.user_id} and updated_at >= ${`${g.bucket}:00:00`} and updated_at <= ${`${g.bucket}:59:59`}
        and content = '' and rating > 0
      order by updated_at desc, id desc limit ${literalLimit(shown)}) g`,
  );
  const { rows } = await sql<{ id: number; user_id: number; movie_id: number; updated_at: string }>`${sql.join(
    perGroup,
    sql` union all `,
  )} order by updated_at desc, id desc`.execute(db);
  return rows;
}

/** Films of each (collection, hour) addition group, the latest added first. */
export async function groupAdditions(db: Db, groups: readonly { owner_id: number; bucket: string }[]) {
  if (groups.length === 0) return [];
  return db
    .selectFrom("collection_movies")
    .select(["collection_id", "movie_id", "added_at"])
    .where((eb) =>
      eb.or(
        groups.map((g) =>
          eb.and([
            eb("collection_id", "=", g.owner_id),
            eb("added_at", ">=", `${g.bucket}:00:00`),
            eb("added_at", "<=", `${g.bucket}:59:59`),
          ]),
        ),
      ),
    )
    .orderBy("added_at", "desc")
    .orderBy("position", "desc")
    .execute();
}

/** The first `n` films of each collection, in the order added. */
export async function firstFilms(db: Db, collectionIds: readonly number[], n: number) {
  if (collectionIds.length === 0) return [];
  const { rows } = await sql<{ collection_id: number; movie_id: number }>`
    select collection_id, movie_id from (
      select collection_id, movie_id,
        row_number() over (partition by collection_id order by position) as rank
      from collection_movies where collection_id in (${sql.join(collectionIds)})
    ) ranked where rank <= ${n} order by collection_id, rank`.execute(db);
  return rows;
}

export function members(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "username", "profile_url"])
    .where("id", "in", [...ids])
    .execute();
}
