export { type ChartSummary, REAL_CHARTS, type RealChart, syncChart } from "./charts.js";
export { HttpClient, type HttpClientOptions, HttpError } from "./http.js";
export { KobisClient } from "./kobis-client.js";
export { onStartSyncDone, runCatalogSync, type SyncRequest, type SyncSummary, syncFilm } from "./sync.js";
export { TmdbClient } from "./tmdb-client.js";
