// What the router loads of the extras feature: its pages, lazily.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).

export const extrasPages = {
  monthly: () => import("./pages/monthly-page"),
  news: () => import("./pages/news-page"),
};
