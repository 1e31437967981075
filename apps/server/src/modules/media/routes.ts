// GET /media/{poster|backdrop|avatar|person}/{id}.svg: generated art, cached for a year (the URL's `v` changes with
// the drawn text, and is ignored here). GET /media/cache/{size}/{file}: TMDB images through the image cache (when
// it is on). GET /media/avatars/{file}: uploaded avatars. Misses are plain-text 404s, neither the API error shape nor
// the SPA; every hit is immutable (a changed picture gets a new URL).
import { endpoints, MAX_ID } from "@moviepedia/contract";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { avatarSvg, backdropSvg, personSvg, posterSvg } from "./art.js";
import type { AvatarStore } from "./avatars.js";
import type { ImageCache } from "./image-cache.js";
import { UpstreamFailed } from "./upstream.js";
import { memberName, personName, posterArt } from "./repository.js";

type Draw = (db: Kysely<Database>, id: number) => Promise<string | undefined>;

const DRAW: Record<string, Draw> = {
  async poster(db, id) {
    const art = await posterArt(db, id);
    return art && posterSvg(art);
  },
  async backdrop(db, id) {
    const art = await posterArt(db, id);
    return art && backdropSvg(art);
  },
  async person(db, id) {
    const name = await personName(db, id);
    return name === undefined ? undefined : personSvg(name);
  },
  async avatar(db, id) {
    const name = await memberName(db, id);
    return name === undefined ? undefined : avatarSvg(name);
  },
};

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(reply: FastifyReply) {
  return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
}

/** A hit, sent as bytes (a Buffer or SVG text goes out unserialized; the table's `z.string()` only names it). */
function image(reply: FastifyReply, type: string, body: Buffer | string) {
  return reply.header("Cache-Control", IMMUTABLE).type(type).send(body);
}

export interface MediaDeps {
  db: Kysely<Database>;
  /** null when IMAGE_CACHE is off: /media/cache/… is then unknown. */
  imageCache: ImageCache | null;
  avatars: AvatarStore;
}

export function mediaRoutes(app: App, { db, imageCache, avatars }: MediaDeps): void {
  route(app, endpoints.media.cached, async (request, reply) => {
    if (!imageCache) return notFound(reply);
    let cached: Buffer | null;
    try {
      cached = await imageCache.get(request.params.size, request.params.file);
    } catch (error) {
      if (!(error instanceof UpstreamFailed)) throw error;
      request.log.warn({ err: error.message }, "image cache: upstream failed");
      return reply.code(502).header("Cache-Control", "no-store").type("text/plain; charset=utf-8").send("Bad Gateway");
    }
    if (cached === null) return notFound(reply);
    return image(reply, "image/webp", cached);
  });

  route(app, endpoints.media.avatar, async (request, reply) => {
    const file = await avatars.read(request.params.file);
    if (file === null) return notFound(reply);
    return image(reply, "image/webp", file);
  });

  route(app, endpoints.media.art, async (request, reply) => {
    const draw = Object.hasOwn(DRAW, request.params.kind) ? DRAW[request.params.kind] : undefined;
    const match = /^([0-9]{1,10})\.svg$/.exec(request.params.file);
    const id = match ? Number(match[1]) : Number.NaN;
    if (!draw || !(id <= MAX_ID)) return notFound(reply);
    const svg = await draw(db, id);
    if (svg === undefined) return notFound(reply);
    return image(reply, "image/svg+xml; charset=utf-8", svg);
  });
}
