// SQL of the drawn art: what a film's poster shows, a person's and a member's name.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import type { PosterArt } from "./art.js";

/** A film's title, year, original title, genres (in order) and first director: what its poster draws. */
export async function posterArt(db: Kysely<Database>, id: number): Promise<PosterArt | undefined> {
  const movie = await db
    .selectFrom("movies")
    .select(["title", "year", "original_title"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!movie) return undefined;
  const [genres, director] = await Promise.all([
    db
      .selectFrom("movie_genres")
      .innerJoin("genres", "genres.id", "movie_genres.genre_id")
      .select("genres.name")
      .where("movie_genres.movie_id", "=", id)
      .orderBy("movie_genres.position")
      .execute(),
    db
      .selectFrom("credits")
      .innerJoin("people", "people.id", "credits.person_id")
      .select("people.name")
      .where("credits.movie_id", "=", id)
      .where("credits.kind", "=", "감독")
      .orderBy("credits.position")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    title: movie.title,
    year: movie.year,
    originalTitle: movie.original_title,
    genres: genres.map((genre) => genre.name),
    director: director?.name ?? null,
  };
}

/** The name a person's drawn portrait shows. */
export async function personName(db: Kysely<Database>, id: number): Promise<string | undefined> {
  return (await db.selectFrom("people").select("name").where("id", "=", id).executeTakeFirst())?.name;
}

/** The name a member's drawn avatar shows. */
export async function memberName(db: Kysely<Database>, id: number): Promise<string | undefined> {
  return (await db.selectFrom("users").select("username").where("id", "=", id).executeTakeFirst())?.username;
}
