import { endpoints } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { parseWindow } from "../../http/window.js";
import type { PeopleService } from "./service.js";

export function peopleRoutes(app: App, people: PeopleService): void {
  const table = endpoints.people;

  route(app, table.likeStatus, async (request) =>
    people.isLiked(parsePathId(request.params.id, "id"), requireCallerId(request)),
  );

  route(app, table.like, async (request) =>
    people.toggle(parsePathId(request.params.id, "id"), requireCallerId(request)),
  );

  route(app, table.detail, async (request, reply) =>
    sendJson(reply, await people.personJson(parsePathId(request.params.id, "id"), request.caller?.userId ?? null)),
  );

  route(app, table.movies, async (request, reply) => {
    const id = parsePathId(request.params.id, "id");
    return sendJson(reply, await people.personMoviesJson(id, parseWindow(request.query)));
  });
}
