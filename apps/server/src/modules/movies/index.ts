// What other modules use of movies: the batch loader and the row mappers.
export {
  type CardCounters,
  cardCounters,
  COMPACT_MOVIE_TABLES,
  compactMoviesCounted,
  compactMoviesJson,
  hydrateMovies,
  loadCompactMovies,
  loadMovie,
  loadMovies,
  MOVIE_TABLES,
} from "./loader.js";
export { type CountedJson, countedJson, countedJsonSize, keptWithCut } from "./counted.js";
export { averageRating, backdropUrl, creditRole, personImageUrl, posterArtText, posterUrl } from "./mapper.js";
export { readCatalogVersion, type MovieCoreRow } from "./repository.js";
