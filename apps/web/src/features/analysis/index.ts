// Public face of the taste-analysis feature: its page (loaded lazily by the router), and the analysis in its other
// modes for other features (the short card on the member's own profile).
export const analysisPages = {
  analysis: () => import("./pages/analysis-page"),
};

export { AnalysisShortCard } from "./components/analysis-short-card";
export { TasteAnalysis, type AnalysisMode } from "./components/taste-analysis";
export { analysisQueries } from "./api/analysis-api";
