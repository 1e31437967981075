// GET /media/share/{movie|collection}/{id}.png: the 1200×630 picture link previews show (card.ts), rendered from SVG
// with sharp and kept in a small LRU keyed by the drawing, so a changed title or average draws a new one. With the
// image cache on (IMAGE_CACHE), a film's TMDB poster and backdrop go into the card; a film without one, or one TMDB
// cannot deliver right now, keeps its drawn art.
import { createHash } from "node:crypto";
import { endpoints, MAX_ID } from "@moviepedia/contract";
import type { FastifyReply } from "fastify";
import type { Kysely } from "kysely";
import { loadSharp } from "../../lib/sharp.js";
import { defineRegion } from "../../cache/index.js";
import type { Database } from "../../db/types.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import { cacheFileOfTmdbPath, type TmdbImageKind, tmdbImageSize } from "../../lib/media-urls.js";
import { type ImageCache, posterArt } from "../media/index.js";
import { collectionCardSvg, movieCardSvg } from "./card.js";
import * as repo from "./repository.js";

const FILMS_SHOWN = 5;

/**
 * A TMDB image as a JPEG data: URI for the card, in the size TMDB offers for a place `width` pixels wide, or null (no
 * image cache, no such image, TMDB unreachable).
 */
type Photo = (tmdbPath: string | null, kind: TmdbImageKind, width: number) => Promise<string | null>;

function photosFrom(imageCache: ImageCache | null): Photo {
  return async (tmdbPath, kind, width) => {
    const file = imageCache && tmdbPath ? cacheFileOfTmdbPath(tmdbPath) : null;
    if (!imageCache || !file) return null;
    try {
      const webp = await imageCache.get(tmdbImageSize(kind, width), file);
      if (!webp) return null;
      // librsvg, which renders the card, reads JPEG and PNG inside an SVG (not WebP).
      const sharp = await loadSharp();
      const jpeg = await sharp(webp).jpeg({ quality: 85 }).toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
    } catch {
      return null; // TMDB unreachable or the bytes unreadable: the drawn art stands in
    }
  };
}

type Draw = (db: Kysely<Database>, photo: Photo, id: number) => Promise<string | undefined>;

const DRAW: Record<string, Draw> = {
  async movie(db, photo, id) {
    const [art, movie] = await Promise.all([posterArt(db, id), repo.findMovie(db, id)]);
    if (!art || !movie) return undefined;
    const average = movie.ratings_count > 0 ? Math.round(movie.rating_sum / movie.ratings_count) / 10 : null;
    const [posterImage, backdropImage] = await Promise.all([
      photo(movie.poster_path, "poster", 342),
      photo(movie.backdrop_path, "backdrop", 1280),
    ]);
    return movieCardSvg({ ...art, average, ratingsCount: movie.ratings_count, posterImage, backdropImage });
  },
  async collection(db, photo, id) {
    const collection = await repo.findCollection(db, id);
    if (!collection) return undefined;
    const films = await repo.collectionFilms(db, id, FILMS_SHOWN);
    const arts = await Promise.all(
      films.map(async (film) => {
        const [art, posterImage] = await Promise.all([posterArt(db, film.id), photo(film.poster_path, "poster", 342)]);
        return art && { ...art, posterImage };
      }),
    );
    return collectionCardSvg({
      title: collection.title,
      owner: collection.username,
      movieCount: collection.movie_count,
      films: arts.filter((art) => art !== undefined),
    });
  },
};

// Cards rendered to PNG, keyed by a hash of their SVG (photos named by their TMDB path): what a card shows is in its key.
const rendered = defineRegion<Buffer>({
  name: "share-cards",
  share: 0.02,
  stale: { token: "content" },
  keeps: "an Open Graph card as PNG, keyed by the hash of its SVG",
});

async function render(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** The PNG as bytes (a Buffer goes out unserialized; the table's `z.string()` only names the answer). */
function png(reply: FastifyReply, body: Buffer) {
  return reply.header("Cache-Control", "public, max-age=3600").type("image/png").send(body);
}

export function shareImageRoutes(app: App, db: Kysely<Database>, imageCache: ImageCache | null): void {
  const photo = photosFrom(imageCache);
  // The card's key is its drawing with each photo named, not embedded: a kept card costs no image read.
  const named: Photo = async (tmdbPath, kind, width) =>
    imageCache && tmdbPath ? `tmdb:${tmdbImageSize(kind, width)}${tmdbPath}` : null;
  route(app, endpoints.media.shareImage, async (request, reply) => {
    const draw = Object.hasOwn(DRAW, request.params.kind) ? DRAW[request.params.kind] : undefined;
    const match = /^([0-9]{1,10})\.png$/.exec(request.params.file);
    const id = match ? Number(match[1]) : Number.NaN;
    const sketch = draw && id <= MAX_ID ? await draw(db, named, id) : undefined;
    if (draw === undefined || sketch === undefined) {
      return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    }
    const key = createHash("sha1").update(sketch).digest("base64url");
    const kept = rendered.peek(db, { token: "" }, key);
    if (kept) return png(reply, kept);
    if (!imageCache) return png(reply, await rendered.get(db, { token: "" }, key, () => render(sketch)));
    // With the photos in: kept only when every one of them came (else the drawn stand-in is sent, not kept).
    let complete = true;
    const svg = await draw(
      db,
      async (tmdbPath, kind, width) => {
        const uri = await photo(tmdbPath, kind, width);
        if (tmdbPath && !uri) complete = false;
        return uri;
      },
      id,
    );
    if (svg === undefined) return reply.code(404).type("text/plain; charset=utf-8").send("Not Found");
    const card = await rendered.get(db, { token: "" }, key, () => render(svg), { keep: complete });
    return png(reply, card);
  });
}
