// GET /api/feed (issue #21): windows of the caller's feed, after an optional keyset cursor.
import { FEED_CAP, FEED_PAGE, FeedItem, FeedQuery } from "@moviepedia/contract";
import { z } from "zod";
import { requireCallerId } from "../../http/caller.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import { sendJson } from "../../http/json-reply.js";
import { pagedWindow } from "../../http/window.js";
import { type FeedService, parseCursor } from "./service.js";

export function feedRoutes(app: App, feed: FeedService): void {
  app.get(
    "/api/feed",
    {
      config: { auth: "required" },
      schema: { tags: ["feed"], querystring: FeedQuery, response: { 200: z.array(FeedItem), ...errors } },
    },
    async (request, reply) => {
      const window = pagedWindow(request.query, FEED_PAGE, FEED_CAP);
      return sendJson(reply, await feed.feed(requireCallerId(request), parseCursor(request.query), window));
    },
  );
}
