// Public face of the home feature: its page, loaded lazily by the router.
export const homePages = {
  home: () => import("./pages/home-page"),
};
