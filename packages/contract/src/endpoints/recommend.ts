// Recommendations, predictions and taste match (API.md §4.12).
import { z } from "zod";
import { Prediction, Recommendation } from "../analysis.js";
import { IdParams } from "../common.js";
import { endpoint } from "../endpoint.js";
import { TasteMatch } from "../users.js";

const tag = "recommend";
/** The route parses `limit` itself (its own error for a bad one). */
const LimitQuery = z.object({ limit: z.unknown().optional() });

export const recommendEndpoints = {
  expect: endpoint({
    method: "GET",
    path: "/api/recommend/expect",
    auth: "required",
    tag,
    query: LimitQuery,
    responses: { 200: z.array(Recommendation) },
  }),
  difference: endpoint({
    method: "GET",
    path: "/api/recommend/difference",
    auth: "required",
    tag,
    query: LimitQuery,
    responses: { 200: z.array(Recommendation) },
  }),
  predict: endpoint({
    method: "GET",
    path: "/api/recommend/predict/:movie_id",
    auth: "required",
    tag,
    params: IdParams("movie_id"),
    responses: { 200: Prediction },
  }),
  tasteMatch: endpoint({
    method: "GET",
    path: "/api/users/taste_match/:user_id",
    auth: "required",
    tag: "users",
    params: IdParams("user_id"),
    responses: { 200: TasteMatch },
  }),
};
