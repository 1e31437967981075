// Public face of the people feature: its page, loaded lazily by the router.
export const peoplePages = {
  person: () => import("./pages/person-page"),
};
