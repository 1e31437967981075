// The endpoint table (issue #23 item 3): every route of the server, grouped by module. The server registers routes
// only from here (apps/server/src/http/route.ts) and the web app calls them only through the typed client
// (apps/web/src/shared/lib/api/endpoint-client.ts). Add an endpoint here first; docs/architecture.md shows the steps.
import type { Endpoint } from "../endpoint.js";
import { analysisEndpoints } from "./analysis.js";
import { authEndpoints } from "./auth.js";
import { collectionCommentEndpoints } from "./collection-comments.js";
import { collectionEndpoints } from "./collections.js";
import { feedEndpoints, notificationEndpoints } from "./community.js";
import { importEndpoints } from "./imports.js";
import { mediaEndpoints } from "./media.js";
import { movieEndpoints } from "./movies.js";
import { oauthEndpoints } from "./oauth.js";
import { opsEndpoints } from "./ops.js";
import { peopleEndpoints } from "./people.js";
import { ratingEndpoints } from "./rating.js";
import { recommendEndpoints } from "./recommend.js";
import { replyEndpoints } from "./replies.js";
import { reviewEndpoints } from "./reviews.js";
import { searchEndpoints } from "./search.js";
import { socialEndpoints } from "./social.js";
import { userEndpoints } from "./users.js";

export const endpoints = {
  feed: feedEndpoints,
  notifications: notificationEndpoints,
  reviews: reviewEndpoints,
  replies: replyEndpoints,
  collections: collectionEndpoints,
  collectionComments: collectionCommentEndpoints,
  movies: movieEndpoints,
  people: peopleEndpoints,
  search: searchEndpoints,
  analysis: analysisEndpoints,
  recommend: recommendEndpoints,
  rating: ratingEndpoints,
  media: mediaEndpoints,
  ops: opsEndpoints,
  auth: authEndpoints,
  users: userEndpoints,
  social: socialEndpoints,
  oauth: oauthEndpoints,
  imports: importEndpoints,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every entry of the table, with its `group.name` key (tests sweep these). */
export function allEndpoints(): Array<{ key: string; endpoint: Endpoint }> {
  return Object.entries(endpoints).flatMap(([group, entries]) =>
    Object.entries(entries).map(([name, endpoint]) => ({ key: `${group}.${name}`, endpoint: endpoint as Endpoint })),
  );
}
