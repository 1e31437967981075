// Public face of the collections feature: its pages, loaded lazily by the router.
export const collectionsPages = {
  userCollections: () => import("./pages/user-collections-page"),
  newCollection: () => import("./pages/new-collection-page"),
  collection: () => import("./pages/collection-page"),
  edit: () => import("./pages/collection-edit-page"),
};
