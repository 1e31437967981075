// What the router loads of the profile feature: its pages, lazily.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).

export const profilePages = {
  profile: () => import("./pages/profile-page"),
  reviews: () => import("./pages/user-reviews-page"),
  followers: () => import("./pages/followers-page"),
  followings: () => import("./pages/followings-page"),
  likes: () => import("./pages/likes-page"),
};
