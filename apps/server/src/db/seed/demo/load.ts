// Reads what the demo generator needs to know about the seeded catalog (genres, charts, directors and leads).
import type { Kysely } from "kysely";
import type { Database } from "../../types.js";
import type { DemoMovie } from "./model.js";

export async function loadDemoMovies(db: Kysely<Database>): Promise<DemoMovie[]> {
  const [movies, genres, korean, charts, credits] = await Promise.all([
    db.selectFrom("movies").select(["id", "year"]).orderBy("id").execute(),
    db
      .selectFrom("movie_genres")
      .innerJoin("genres", "genres.id", "movie_genres.genre_id")
      .select(["movie_genres.movie_id", "genres.name"])
      .orderBy("movie_genres.movie_id")
      .orderBy("movie_genres.position")
      .execute(),
    db
      .selectFrom("movie_countries")
      .innerJoin("countries", "countries.id", "movie_countries.country_id")
      .select("movie_countries.movie_id")
      .where("countries.name", "=", "한국")
      .execute(),
    db.selectFrom("chart_entries").select(["chart_type", "movie_id"]).execute(),
    db
      .selectFrom("credits")
      .innerJoin("people", "people.id", "credits.person_id")
      .select(["credits.movie_id", "credits.person_id", "credits.kind", "credits.character", "people.name"])
      .where("credits.kind", "in", ["감독", "주연"])
      .orderBy("credits.movie_id")
      .orderBy("credits.position")
      .orderBy("credits.id")
      .execute(),
  ]);
  const byId = new Map<number, DemoMovie>(
    movies.map((m) => [
      m.id,
      { id: m.id, year: m.year, genres: [], korean: false, charted: false, classic: false, director: null, leads: [] },
    ]),
  );
  for (const g of genres) byId.get(g.movie_id)?.genres.push(g.name);
  for (const k of korean) byId.get(k.movie_id)!.korean = true;
  for (const c of charts) {
    const movie = byId.get(c.movie_id);
    if (!movie) continue;
    if (c.chart_type === "watcha_buying") movie.classic = true;
    else if (c.chart_type !== "watcha10") movie.charted = true;
  }
  for (const c of credits) {
    const movie = byId.get(c.movie_id)!;
    if (c.kind === "감독") movie.director ??= { id: c.person_id, name: c.name };
    else if (movie.leads.length < 3) movie.leads.push({ id: c.person_id, name: c.name, character: c.character });
  }
  return [...byId.values()];
}
