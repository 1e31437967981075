// GET /api/feed (issue #21): windows of the caller's feed, after an optional keyset cursor.
import { endpoints, FEED_CAP, FEED_PAGE } from "@moviepedia/contract";
import { requireCallerId } from "../../http/caller.js";
import { sendJson } from "../../http/json-reply.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { pagedWindow } from "../../http/window.js";
import { type FeedService, parseCursor } from "./service.js";

export function feedRoutes(app: App, feed: FeedService): void {
  route(app, endpoints.feed.feed, async (request, reply) => {
    const window = pagedWindow(request.query, FEED_PAGE, FEED_CAP);
    return sendJson(reply, await feed.feed(requireCallerId(request), parseCursor(request.query), window));
  });
}
