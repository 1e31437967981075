// GET /media/{poster|backdrop|avatar|person}/{id}.svg: generated art, cached for a year (the URL's `v` changes with
// the drawn text, and is ignored here). Misses are plain-text 404s, neither the API error shape nor the SPA.
import { MAX_ID } from "@moviepedia/contract";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.js";
import type { App } from "../../http/types.js";
import { avatarSvg, backdropSvg, personSvg, posterSvg } from "./art.js";
import { posterArt } from "./repository.js";

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
    const person = await db.selectFrom("people").select("name").where("id", "=", id).executeTakeFirst();
    return person && personSvg(person.name);
  },
  async avatar(db, id) {
    const user = await db.selectFrom("users").select("username").where("id", "=", id).executeTakeFirst();
    return user && avatarSvg(user.username);
  },
};

function notFound(reply: FastifyReply) {
  return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
}

export function mediaRoutes(app: App, db: Kysely<Database>): void {
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
      return reply
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .type("image/svg+xml; charset=utf-8")
        .send(image);
    },
  );
}
