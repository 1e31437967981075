// GET /api/analysis/{user_id}?search_q=rating|preference (API.md §4.11), no auth.
import { ANALYSIS_MODES, endpoints } from "@moviepedia/contract";
import { invalidField, missingField } from "../../http/errors.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { AnalysisService } from "./service.js";

export function analysisRoutes(app: App, analysis: AnalysisService): void {
  route(app, endpoints.analysis.detail, async (request, reply) => {
    const mode = request.query.search_q;
    if (mode === undefined) throw missingField("search_q");
    if (typeof mode !== "string" || !(ANALYSIS_MODES as readonly string[]).includes(mode)) {
      throw invalidField("search_q", "must be 'rating' or 'preference'");
    }
    const userId = parsePathId(request.params.user_id, "user_id");
    return sendJson(reply, await (mode === "rating" ? analysis.ratingJson(userId) : analysis.preferenceJson(userId)));
  });
}
