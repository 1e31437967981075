// Public face of the collections feature for other features: the card other lists show and the add-to-collection
// sheet of the movie page's more menu.
export { AddToCollectionSheet } from "./components/add-to-collection-entry";
export type { AddToCollectionSheetProps } from "./components/add-to-collection-sheet";
export { CollectionCard } from "./components/collection-card";
