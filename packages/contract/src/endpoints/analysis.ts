// GET /api/analysis/{user_id}?search_q=rating|preference (API.md §4.11).
import { z } from "zod";
import { PreferenceAnalysis, RatingAnalysis } from "../analysis.js";
import { IdParams } from "../common.js";
import { endpoint } from "../endpoint.js";

export const analysisEndpoints = {
  /** `search_q=rating` answers RatingAnalysis, `preference` PreferenceAnalysis; the route checks the mode itself. */
  detail: endpoint({
    method: "GET",
    path: "/api/analysis/:user_id",
    auth: "none",
    tag: "analysis",
    params: IdParams("user_id"),
    query: z.object({ search_q: z.unknown().optional() }),
    responses: { 200: z.union([RatingAnalysis, PreferenceAnalysis]) },
  }),
};
