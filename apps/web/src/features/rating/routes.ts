// What the router loads of the rating feature: its pages, lazily.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).

export const ratingPages = {
  rating: () => import("./pages/rating-page"),
};
