// What the router loads of the community feature: its pages, lazily.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).

export const communityPages = {
  feed: () => import("./pages/feed-page"),
  notifications: () => import("./pages/notifications-page"),
};
