// 평가하기 and the films around it (issue #18, API.md §4.14 [EXT]): the rating queue, its genres, 관심없어요 and
// similar films, all answering CompactMovie.
import { z } from "zod";
import { IdParams, WindowQuery } from "../common.js";
import { CompactMovie } from "../compact-movie.js";
import { endpoint } from "../endpoint.js";
import { RatingQueueQuery, SimilarQuery } from "../rating.js";

const tag = "rating";

export const ratingEndpoints = {
  /** Optional auth, but `category=predicted` needs a valid bearer (the route checks it before the query). */
  queue: endpoint({
    method: "GET",
    path: "/api/rating/queue",
    auth: "optional",
    tag,
    summary:
      "Films to rate (평가하기): a window of popular, random, genre or predicted films not yet reviewed or dismissed",
    query: RatingQueueQuery,
    responses: { 200: z.array(CompactMovie) },
  }),
  genres: endpoint({
    method: "GET",
    path: "/api/rating/genres",
    auth: "none",
    tag,
    summary: "Genre names the 장르별 queue offers, most films first",
    responses: { 200: z.array(z.string()) },
  }),
  dismiss: endpoint({
    method: "PUT",
    path: "/api/movies/:movie_id/dismissed",
    auth: "required",
    rateLimit: "rating",
    tag,
    summary: "Mark a film 관심없어요 (idempotent)",
    params: IdParams("movie_id"),
    responses: { 204: z.null() },
  }),
  undismiss: endpoint({
    method: "DELETE",
    path: "/api/movies/:movie_id/dismissed",
    auth: "required",
    rateLimit: "rating",
    tag,
    summary: "Take 관심없어요 back (idempotent)",
    params: IdParams("movie_id"),
    responses: { 204: z.null() },
  }),
  dismissed: endpoint({
    method: "GET",
    path: "/api/users/me/dismissed",
    auth: "required",
    tag,
    summary: "The caller's 관심없어요 films, newest first",
    query: WindowQuery,
    responses: { 200: z.array(CompactMovie) },
  }),
  similar: endpoint({
    method: "GET",
    path: "/api/movies/:movie_id/similar",
    auth: "optional",
    tag,
    summary: "Similar films (비슷한 작품); a signed-in caller's 관심없어요 films are left out",
    params: IdParams("movie_id"),
    query: SimilarQuery,
    responses: { 200: z.array(CompactMovie) },
  }),
};
