// Participants (API.md §4.4): a person, their films, and the member's like.
import { IdParams, OkTrue, WindowQuery } from "../common.js";
import { endpoint } from "../endpoint.js";
import { Person, PersonCredits } from "../movies.js";

const tag = "participants";

export const peopleEndpoints = {
  // Literal `like` segments are their own routes (API.md §1.1); the router prefers them over `:id`.
  likeStatus: endpoint({
    method: "GET",
    path: "/api/participants/like/:id",
    auth: "required",
    tag,
    params: IdParams("id"),
    responses: { 200: OkTrue },
  }),
  like: endpoint({
    method: "PATCH",
    path: "/api/participants/like/:id",
    auth: "required",
    rateLimit: "toggle",
    tag,
    params: IdParams("id"),
    responses: { 200: Person },
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/participants/:id",
    auth: "optional",
    tag,
    params: IdParams("id"),
    responses: { 200: Person },
  }),
  movies: endpoint({
    method: "GET",
    path: "/api/participants/:id/movies",
    auth: "none",
    tag,
    params: IdParams("id"),
    query: WindowQuery,
    responses: { 200: PersonCredits },
  }),
};
