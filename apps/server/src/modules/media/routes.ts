// GET /media/{poster|backdrop|avatar|person}/{id}.svg: generated art, cached for a year (the URL's `v` changes with
// the drawn text, and is ignored here). GET /media/cache/{size}/{file}: TMDB images through the image cache (when
// it is on). GET /media/avatars/{file}: uploaded avatars. Misses are plain-text 404s, neither the API error shape nor
// the SPA; every hit is immutable (a changed picture gets a new URL).
import { MAX_ID } from "@moviepedia/contract";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.js";
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

export interface MediaDeps {
  db: Kysely<Database>;
  /** null when IMAGE_CACHE is off: /media/cache/… is then unknown. */
  imageCache: ImageCache | null;
  avatars: AvatarStore;
}

export function mediaRoutes(app: App, { db, imageCache, avatars }: MediaDeps): void {
  app.get(
    "/media/cache/:size/:file",
    {
      config: { rateLimit: "exempt" },
      schema: { hide: true, params: z.object({ size: z.string(), file: z.string() }) },
    },
    async (request, reply) => {
      if (!imageCache) return notFound(reply);
      let image: Buffer | null;
      try {
        image = await imageCache.get(request.params.size, request.params.file);
      } catch (error) {
        if (!(error instanceof UpstreamFailed)) throw error;
        request.log.warn({ err: error.message }, "image cache: upstream failed");
        return reply
          .code(502)
          .header("Cache-Control", "no-store")
          .type("text/plain; charset=utf-8")
          .send("Bad Gateway");
      }
      if (image === null) return notFound(reply);
      return reply.header("Cache-Control", IMMUTABLE).type("image/webp").send(image);
    },
  );

  app.get(
    "/media/avatars/:file",
    { config: { rateLimit: "exempt" }, schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const image = await avatars.read(request.params.file);
      if (image === null) return notFound(reply);
      return reply.header("Cache-Control", IMMUTABLE).type("image/webp").send(image);
    },
  );

  app.get(
    "/media/:kind/:file",
    {
      config: { rateLimit: "exempt" },
      schema: { hide: true, params: z.object({ kind: z.string(), file: z.string() }) },
    },
    async (request, reply) => {
      const draw = Object.hasOwn(DRAW, request.params.kind) ? DRAW[request.params.kind] : undefined;
      const match = /^([0-9]{1,10})\.svg$/.exec(request.params.file);
      const id = match ? Number(match[1]) : Number.NaN;
      if (!draw || !(id <= MAX_ID)) return notFound(reply);
      const image = await draw(db, id);
      if (image === undefined) return notFound(reply);
      return reply.header("Cache-Control", IMMUTABLE).type("image/svg+xml; charset=utf-8").send(image);
    },
  );
}
