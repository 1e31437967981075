import { IdParams, OkTrue, Person, PersonCredits, WindowQuery } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { PeopleService } from "./service.js";

const tags = ["participants"];

export function peopleRoutes(app: App, people: PeopleService): void {
  // Literal `like` segments are their own routes (API.md §1.1); the router prefers them over `{id}`.
  app.get(
    "/api/participants/like/:id",
    {
      config: { auth: "required" },
      schema: { tags, params: IdParams("id"), response: { 200: OkTrue, ...errors } },
    },
    async (request) => people.isLiked(parsePathId(request.params.id, "id"), requireCallerId(request)),
  );

  app.patch(
    "/api/participants/like/:id",
    {
      config: { auth: "required", rateLimit: "toggle" },
      schema: { tags, params: IdParams("id"), response: { 200: Person, ...errors } },
    },
    async (request) => people.toggle(parsePathId(request.params.id, "id"), requireCallerId(request)),
  );

  app.get(
    "/api/participants/:id",
    {
      config: { auth: "optional" },
      schema: { tags, params: IdParams("id"), response: { 200: Person, ...errors } },
    },
    async (request, reply) =>
      sendJson(reply, await people.personJson(parsePathId(request.params.id, "id"), request.caller?.userId ?? null)),
  );

  app.get(
    "/api/participants/:id/movies",
    {
      schema: { tags, params: IdParams("id"), querystring: WindowQuery, response: { 200: PersonCredits, ...errors } },
    },
    async (request, reply) => {
      const id = parsePathId(request.params.id, "id");
      return sendJson(reply, await people.personMoviesJson(id, parseWindow(request.query)));
    },
  );
}
