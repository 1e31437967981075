// Public face of the collections feature: its pages (loaded lazily by the router), the card other lists show, and
// the add-to-collection sheet of the movie page's more menu.
export const collectionsPages = {
  userCollections: () => import("./pages/user-collections-page"),
  newCollection: () => import("./pages/new-collection-page"),
  collection: () => import("./pages/collection-page"),
  edit: () => import("./pages/collection-edit-page"),
};

export { AddToCollectionSheet } from "./components/add-to-collection-entry";
export type { AddToCollectionSheetProps } from "./components/add-to-collection-sheet";
export { CollectionCard } from "./components/collection-card";
