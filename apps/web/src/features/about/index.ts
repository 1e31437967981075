// Public face of the about feature for other features: the data-source note under charts.
export { DataSourcesNote } from "./components/data-sources-note";
