// GET /media/share/{movie|collection}/{id}.png: the 1200×630 picture link previews show (card.ts), rendered from SVG
// with sharp and kept in a small LRU keyed by the drawing, so a changed title or average draws a new one.
import { createHash } from "node:crypto";
import { endpoints, MAX_ID } from "@moviepedia/contract";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { defineRegion } from "../../cache/index.js";
import type { Database } from "../../db/types.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { posterArt } from "../media/index.js";
import { collectionCardSvg, movieCardSvg } from "./card.js";
import * as repo from "./repository.js";

const FILMS_SHOWN = 5;

type Draw = (db: Kysely<Database>, id: number) => Promise<string | undefined>;

const DRAW: Record<string, Draw> = {
  async movie(db, id) {
    const [art, movie] = await Promise.all([posterArt(db, id), repo.findMovie(db, id)]);
    if (!art || !movie) return undefined;
    const average = movie.ratings_count > 0 ? Math.round(movie.rating_sum / movie.ratings_count) / 10 : null;
    return movieCardSvg({ ...art, average, ratingsCount: movie.ratings_count });
  },
  async collection(db, id) {
    const collection = await repo.findCollection(db, id);
    if (!collection) return undefined;
    const films = await repo.collectionFilms(db, id, FILMS_SHOWN);
    const arts = await Promise.all(films.map((film) => posterArt(db, film.id)));
    return collectionCardSvg({
      title: collection.title,
      owner: collection.username,
      movieCount: collection.movie_count,
      films: arts.filter((art) => art !== undefined),
    });
  },
};

// Cards rendered to PNG, keyed by a hash of their SVG: what a card shows is in its key.
const rendered = defineRegion<Buffer>({
  name: "share-cards",
  share: 0.04,
  stale: { token: "content" },
  keeps: "an Open Graph card as PNG, keyed by the hash of its SVG",
});

/** The PNG as bytes (a Buffer goes out unserialized; the table's `z.string()` only names the answer). */
function png(reply: FastifyReply, body: Buffer) {
  return reply.header("Cache-Control", "public, max-age=3600").type("image/png").send(body);
}

export function shareImageRoutes(app: App, db: Kysely<Database>): void {
  route(app, endpoints.media.shareImage, async (request, reply) => {
    const draw = Object.hasOwn(DRAW, request.params.kind) ? DRAW[request.params.kind] : undefined;
    const match = /^([0-9]{1,10})\.png$/.exec(request.params.file);
    const id = match ? Number(match[1]) : Number.NaN;
    const svg = draw && id <= MAX_ID ? await draw(db, id) : undefined;
    if (svg === undefined) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    const key = createHash("sha1").update(svg).digest("base64url");
    const card = await rendered.get(db, { token: "" }, key, () =>
      sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer(),
    );
    return png(reply, card);
  });
}
