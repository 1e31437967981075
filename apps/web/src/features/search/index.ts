// Public face of the search feature: its pages, loaded lazily by the router.
export const searchPages = {
  search: () => import("./pages/search-page"),
};
