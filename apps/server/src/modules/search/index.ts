// What other modules use of search: the write-path hooks and the full rebuild.
export { indexSearchDocument, removeSearchDocument } from "./indexing.js";
export {
  ensureSearchIndex,
  rebuildSearchIndex,
  searchIndexIsCurrent,
  type RebuildProgress,
  type RebuildResult,
} from "./rebuild.js";
export type { SearchKind } from "./documents.js";
export { normalizeText } from "./normalize.js";
export { moviesByTitleKeys } from "./repository/index.js";
