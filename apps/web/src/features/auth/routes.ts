// What the router loads of the auth feature: its pages, lazily.
// Only app/ imports this file; other features use the feature's index.ts, so none reaches another's pages (and
// no import cycle runs through them).

export const authPages = {
  login: () => import("./pages/login-page"),
  signup: () => import("./pages/signup-page"),
  oauthCallback: () => import("./pages/oauth-callback-page"),
};
