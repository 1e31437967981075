// SQL of link previews: the few facts a shared page's tags and image show, one read per record.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export function findMovie(db: Db, id: number) {
  return db
    .selectFrom("movies")
    .select([
      "id",
      "title",
      "original_title",
      "year",
      "synopsis",
      "rating_sum",
      "ratings_count",
      "poster_url",
      "poster_path",
      "backdrop_path",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findCollection(db: Db, id: number) {
  return db
    .selectFrom("collections")
    .innerJoin("users", "users.id", "collections.user_id")
    .select([
      "collections.id",
      "collections.title",
      "collections.overview",
      "collections.movie_count",
      "users.username",
    ])
    .where("collections.id", "=", id)
    .executeTakeFirst();
}

/** The first films of a collection, in the order added (the share image shows their posters). */
export function collectionFilms(db: Db, id: number, limit: number) {
  return db
    .selectFrom("collection_movies")
    .innerJoin("movies", "movies.id", "collection_movies.movie_id")
    .select(["movies.id", "movies.title", "movies.year", "movies.poster_path"])
    .where("collection_movies.collection_id", "=", id)
    .orderBy("collection_movies.position")
    .limit(limit)
    .execute();
}

export function findReview(db: Db, id: number) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .innerJoin("movies", "movies.id", "reviews.movie_id")
    .select([
      "reviews.id",
      "reviews.movie_id",
      "reviews.content",
      "reviews.rating",
      "reviews.spoiler",
      "users.username",
      "movies.title as movie_title",
    ])
    .where("reviews.id", "=", id)
    .executeTakeFirst();
}

export function findUser(db: Db, id: number) {
  return db
    .selectFrom("users")
    .select(["id", "username", "status_message", "review_count", "follower_count"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function genresOf(db: Db, movieId: number) {
  return db
    .selectFrom("movie_genres")
    .innerJoin("genres", "genres.id", "movie_genres.genre_id")
    .select("genres.name")
    .where("movie_genres.movie_id", "=", movieId)
    .orderBy("movie_genres.position")
    .execute();
}
