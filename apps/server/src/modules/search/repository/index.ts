// The search module's SQL, for its services (the rest of the module decides what to look up and ranks it).
export {
  candidateDocuments,
  countCandidates,
  countDocuments,
  type DocIds,
  isBounded,
  typoPieces,
} from "./candidates.js";
export { isPostgres, unmatchable } from "./dialect.js";
export { clearDocuments, compactDocuments, deleteDocuments, insertDocuments } from "./documents.js";
export { creditKindsOf, peopleByIds } from "./expand.js";
export { countRows, lockIndexBuild, readIndexVersion, rowsAfter, writeIndexVersion } from "./rebuild.js";
export {
  type CandidateTexts,
  candidateTexts,
  type Clause,
  containingAny,
  type Filters,
  filterClauses,
  inCandidates,
  KINDS,
  type KindSpec,
  recordOrders,
  type RecordTable,
  selectRecords,
  tableSizes,
} from "./records.js";
export {
  allGenres,
  eitherOf,
  genreCandidates,
  genreMembersAmong,
  genreSizeUpTo,
  holdsAnyOf,
  holdsMovieContaining,
  linksBetween,
  linksOfMovies,
  movieTextsContaining,
  ofGenre,
  throughGenreIndex,
} from "./sources.js";
export { moviesByTitleKeys } from "./title-lookup.js";
