// Image files under /media (docs/media.md): not JSON, so out of the OpenAPI document, and exempt from rate limits
// (a page shows dozens). Each answers the image's bytes, or a plain-text 404 (502 when TMDB fails for the cache).
import { z } from "zod";
import { endpoint } from "../endpoint.js";

const tag = "media";
const image = { 200: z.string() };

export const mediaEndpoints = {
  /** TMDB images through the image cache (when IMAGE_CACHE is on). */
  cached: endpoint({
    method: "GET",
    path: "/media/cache/:size/:file",
    auth: "none",
    rateLimit: "exempt",
    tag,
    hidden: true,
    params: z.object({ size: z.string(), file: z.string() }),
    responses: image,
  }),
  /** Uploaded avatars. */
  avatar: endpoint({
    method: "GET",
    path: "/media/avatars/:file",
    auth: "none",
    rateLimit: "exempt",
    tag,
    hidden: true,
    params: z.object({ file: z.string() }),
    responses: image,
  }),
  /** Generated art: `/media/{poster|backdrop|avatar|person}/{id}.svg`. */
  art: endpoint({
    method: "GET",
    path: "/media/:kind/:file",
    auth: "none",
    rateLimit: "exempt",
    tag,
    hidden: true,
    params: z.object({ kind: z.string(), file: z.string() }),
    responses: image,
  }),
  /** The link-preview card: `/media/share/{movie|collection}/{id}.png`. */
  shareImage: endpoint({
    method: "GET",
    path: "/media/share/:kind/:file",
    auth: "none",
    rateLimit: "exempt",
    tag,
    hidden: true,
    params: z.object({ kind: z.string(), file: z.string() }),
    responses: image,
  }),
};
