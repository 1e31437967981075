// The catalog sync's SQL, for its logic (sync.ts decides what to fetch, writer.ts how a film lands, charts.ts what
// a chart holds).
export { replaceChartEntries } from "./charts.js";
export {
  creditedPersonIds,
  directorsOf,
  insertMovie,
  linkedTmdbIds,
  movieHolding,
  movieIdByKobisCode,
  movieIdByTmdb,
  replaceWatchProviders,
  type TargetRow,
  targetById,
  targetByTmdb,
  unlinkedFilmsTitled,
  updateMovie,
} from "./movies.js";
export {
  insertTmdbPerson,
  linkPersonToTmdb,
  nameTmdbPerson,
  peopleByTmdb,
  personKeyByTmdb,
  recountCredits,
  storedPeopleByTmdb,
  unlinkedPeopleCredited,
  unlinkedPeopleNamed,
  unnamedTmdbPeople,
  updatePersonFromTmdb,
} from "./people.js";
export {
  hasFinishedRun,
  insertRun,
  latestUnfinishedRun,
  markRunFinished,
  readState,
  runChangesUntil,
  runItems,
  setItemState,
  writeState,
} from "./runs.js";
