// Public face of the about feature: its page (loaded lazily by the router) and the data-source note under charts.
export { DataSourcesNote } from "./components/data-sources-note";

export const aboutPages = {
  about: () => import("./pages/about-page"),
};
