// Collection rows → wire types: exactly the fields of API.md §4.0 Collection / CollectionMovie. A movie's poster
// and average come from the movies module's mappers, so a film looks the same here as on its own page.
import type { Collection, CollectionMovie } from "@moviepedia/contract";
import type { CollectionRow } from "../../db/types.js";
import { averageRating, posterUrl } from "../movies/index.js";
import type { CollectionMovieRow } from "./repository.js";

export function toCollectionMovie(row: CollectionMovieRow): CollectionMovie {
  return { id: row.id, title: row.title, poster_url: posterUrl(row), average_rating: averageRating(row) };
}

export function toCollection(row: CollectionRow, movies: readonly CollectionMovieRow[], like: boolean): Collection {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    overview: row.overview,
    movies: movies.map(toCollectionMovie),
    movie_count: row.movie_count,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    like,
    created_at: row.created_at,
  };
}
