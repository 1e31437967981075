// Public face of the settings feature: its pages, loaded lazily by the router.
export const settingsPages = {
  settings: () => import("./pages/settings-page"),
  blocked: () => import("./pages/blocked-users-page"),
};
