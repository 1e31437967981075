// What other modules use of collections.
export { loadCollections } from "./load.js";
export { findCollection } from "./repository.js";
export type { CollectionsService } from "./service.js";
