// What the router loads of the collections feature: its pages, lazily.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).

export const collectionsPages = {
  userCollections: () => import("./pages/user-collections-page"),
  newCollection: () => import("./pages/new-collection-page"),
  collection: () => import("./pages/collection-page"),
  edit: () => import("./pages/collection-edit-page"),
};
