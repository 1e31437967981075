// Public face of the auth feature: its pages, loaded lazily by the router.
export const authPages = {
  login: () => import("./pages/login-page"),
  signup: () => import("./pages/signup-page"),
  oauthCallback: () => import("./pages/oauth-callback-page"),
};
