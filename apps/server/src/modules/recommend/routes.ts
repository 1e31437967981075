// /api/recommend/* and /api/users/taste_match/{user_id} (API.md §4.12).
import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseLimit, type RecommendService } from "./service.js";

const asText = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : "");

export function recommendRoutes(app: App, recommend: RecommendService): void {
  const table = endpoints.recommend;

  for (const mode of ["expect", "difference"] as const) {
    route(app, table[mode], async (request, reply) =>
      sendJson(reply, await recommend[mode](requireCallerId(request), parseLimit(asText(request.query.limit)))),
    );
  }

  route(app, table.predict, async (request) =>
    recommend.predict(requireCallerId(request), parsePathId(request.params.movie_id, "movie_id")),
  );

  route(app, table.tasteMatch, async (request) =>
    recommend.tasteMatch(requireCallerId(request), parsePathId(request.params.user_id, "user_id")),
  );
}
