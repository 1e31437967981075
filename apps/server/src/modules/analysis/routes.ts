// GET /api/analysis/{user_id}?search_q=rating|preference (API.md §4.11), no auth.
import { ANALYSIS_MODES, IdParams, PreferenceAnalysis, RatingAnalysis } from "@moviepedia/contract";
import { z } from "zod";
import { invalidField, missingField } from "../../http/errors.js";
import { sendJson } from "../../http/json-reply.js";
import { parsePathId } from "../../http/ids.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import type { AnalysisService } from "./service.js";

export function analysisRoutes(app: App, analysis: AnalysisService): void {
  app.get(
    "/api/analysis/:user_id",
    {
      config: { auth: "none" },
      schema: {
        tags: ["analysis"],
        params: IdParams("user_id"),
        querystring: z.object({ search_q: z.unknown().optional() }),
        response: { 200: z.union([RatingAnalysis, PreferenceAnalysis]), ...errors },
      },
    },
    async (request, reply) => {
      const mode = request.query.search_q;
      if (mode === undefined) throw missingField("search_q");
      if (typeof mode !== "string" || !(ANALYSIS_MODES as readonly string[]).includes(mode)) {
        throw invalidField("search_q", "must be 'rating' or 'preference'");
      }
      const userId = parsePathId(request.params.user_id, "user_id");
      return sendJson(reply, await (mode === "rating" ? analysis.ratingJson(userId) : analysis.preferenceJson(userId)));
    },
  );
}
