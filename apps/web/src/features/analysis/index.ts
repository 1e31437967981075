// Public face of the taste-analysis feature for other features: the analysis in its other modes (the short card on
// the member's own profile) and its queries.
export { AnalysisShortCard } from "./components/analysis-short-card";
export { TasteAnalysis, type AnalysisMode } from "./components/taste-analysis";
export { analysisQueries } from "./api/analysis-api";
