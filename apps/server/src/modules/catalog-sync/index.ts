export { type ChartSummary, REAL_CHARTS, type RealChart, syncChart } from "./charts.js";
export { GenreVocabulary } from "./genres.js";
export { HttpClient, type HttpClientOptions, HttpError } from "./http.js";
export { imagesFromConfiguration, refreshTmdbImages, startTmdbImagesRefresh } from "./images.js";
export { KobisClient } from "./kobis-client.js";
export {
  namePendingPeople,
  onStartSyncDone,
  runCatalogSync,
  type SyncRequest,
  type SyncSummary,
  syncFilm,
} from "./sync.js";
export { TmdbClient } from "./tmdb-client.js";
