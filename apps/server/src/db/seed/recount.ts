// Sets every stored counter to a recount of its rows (one UPDATE per table, correlated subqueries over indexed
// columns). The demo seed uses it after bulk inserts, so its counters cannot drift from its rows.
import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

const count = (table: string, column: string, outer: string, extra = "") =>
  sql.raw(`(select count(*) from ${table} x where x.${column} = ${outer}.id${extra})`);

export async function recountCounters(db: Kysely<Database>): Promise<void> {
  const statements = [
    sql`update movies set
      rating_sum = coalesce((select cast(round(sum(x.rating * 10)) as integer) from reviews x
        where x.movie_id = movies.id and x.rating > 0), 0),
      ratings_count = ${count("reviews", "movie_id", "movies", " and x.rating > 0")},
      reviews_count = ${count("reviews", "movie_id", "movies", " and x.content <> ''")}`,
    sql`update reviews set
      likes_count = ${count("review_likes", "target_id", "reviews")},
      comments_count = ${count("replies", "review_id", "reviews")}`,
    sql`update replies set likes_count = ${count("reply_likes", "target_id", "replies")}`,
    sql`update users set
      follower_count = ${count("follows", "target_id", "users")},
      following_count = ${count("follows", "user_id", "users")},
      review_count = ${count("reviews", "user_id", "users", " and (x.rating > 0 or x.status <> '' or x.content <> '')")},
      collection_count = ${count("collections", "user_id", "users")},
      liked_people_count = ${count("person_likes", "user_id", "users")},
      liked_collections_count = ${count("collection_likes", "user_id", "users")},
      liked_reviews_count = ${count("review_likes", "user_id", "users")}`,
    sql`update people set
      likes_count = ${count("person_likes", "target_id", "people")},
      credits_count = ${count("credits", "person_id", "people")}`,
    sql`update collections set
      movie_count = ${count("collection_movies", "collection_id", "collections")},
      likes_count = ${count("collection_likes", "target_id", "collections")},
      comments_count = ${count("collection_comments", "collection_id", "collections")}`,
    sql`update collection_comments set likes_count = ${count("collection_comment_likes", "target_id", "collection_comments")}`,
  ];
  for (const statement of statements) await statement.execute(db);
}
