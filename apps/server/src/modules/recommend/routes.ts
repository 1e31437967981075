// /api/recommend/* and /api/users/taste_match/{user_id} (API.md §4.12).
import { IdParams, Prediction, Recommendation, TasteMatch } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseLimit, type RecommendService } from "./service.js";

const LimitQuery = z.object({ limit: z.unknown().optional() });
const asText = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : "");

export function recommendRoutes(app: App, recommend: RecommendService): void {
  for (const mode of ["expect", "difference"] as const) {
    app.get(
      `/api/recommend/${mode}`,
      {
        config: { auth: "required" },
        schema: { tags: ["recommend"], querystring: LimitQuery, response: { 200: z.array(Recommendation), ...errors } },
      },
      async (request, reply) =>
        sendJson(reply, await recommend[mode](requireCallerId(request), parseLimit(asText(request.query.limit)))),
    );
  }

  app.get(
    "/api/recommend/predict/:movie_id",
    {
      config: { auth: "required" },
      schema: { tags: ["recommend"], params: IdParams("movie_id"), response: { 200: Prediction, ...errors } },
    },
    async (request) => recommend.predict(requireCallerId(request), parsePathId(request.params.movie_id, "movie_id")),
  );

  app.get(
    "/api/users/taste_match/:user_id",
    {
      config: { auth: "required" },
      schema: { tags: ["users"], params: IdParams("user_id"), response: { 200: TasteMatch, ...errors } },
    },
    async (request) => recommend.tasteMatch(requireCallerId(request), parsePathId(request.params.user_id, "user_id")),
  );
}
