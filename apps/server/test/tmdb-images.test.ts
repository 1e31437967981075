// TMDB's /configuration behind the image URLs (catalog-sync/images.ts, lib/media-urls.ts): TMDB's long-standing
// sizes at image.tmdb.org until it was asked; then its secure base URL and, for each kind of image, the size it
// offers that suits the place showing it, on pages kept in the read cache too; TMDB_IMAGE_BASE_URL still winning over
// the base; an answer that cannot be used, or a TMDB that cannot be asked, keeping what was applied.
import type { Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { isCachedImageSize } from "../src/lib/media-urls.js";
import {
  imagesFromConfiguration,
  refreshTmdbImages,
  startTmdbImagesRefresh,
} from "../src/modules/catalog-sync/images.js";
import { TmdbClient } from "../src/modules/catalog-sync/tmdb-client.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { FAKE_TMDB_KEY, type FakeServer, startFakeTmdb } from "./helpers/fake-tmdb.js";
import { TMDB_CONFIGURATION } from "./helpers/tmdb-fixtures.js";

const FAST = { timeoutMs: 3000, backoffMs: 10, requestsPerSecond: 1000, attempts: 2 };
/** What TMDB might answer one day: another host, and sizes other than today's. */
const CHANGED = {
  ...TMDB_CONFIGURATION,
  images: {
    ...TMDB_CONFIGURATION.images,
    secure_base_url: "https://images.example.test/t/p/",
    poster_sizes: ["w92", "w342", "w600", "original"],
    backdrop_sizes: ["w300", "w780", "original"],
    profile_sizes: ["w45", "h632", "original"],
    logo_sizes: ["w45", "w154", "original"],
  },
};

let ctx: TestContext;
let fake: FakeServer;
let movieId: number;
const client = () => new TmdbClient({ apiKey: FAKE_TMDB_KEY, baseUrl: `${fake.url}/3` }, FAST);

beforeAll(async () => {
  fake = await startFakeTmdb({ movies: new Map(), people: new Map(), popular: [], configuration: CHANGED });
  ctx = await createTestContext({ env: { IMAGE_CACHE: "off" } });
  await seedCatalog(ctx.db, ctx.clock.now());
  const movie = await ctx.db.selectFrom("movies").select("id").where("key", "=", "parasite-2019").executeTakeFirst();
  movieId = movie?.id ?? (await ctx.db.selectFrom("movies").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const credit = await ctx.db
    .selectFrom("credits")
    .select("person_id")
    .where("movie_id", "=", movieId)
    .orderBy("position")
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable("movies")
    .set({ tmdb_id: 496243, poster_path: "/poster.jpg", backdrop_path: "/backdrop.jpg" })
    .where("id", "=", movieId)
    .execute();
  await ctx.db
    .updateTable("people")
    .set({ tmdb_id: 21684, profile_path: "/face.jpg" })
    .where("id", "=", credit.person_id)
    .execute();
  await ctx.db
    .insertInto("movie_watch_providers")
    .values({
      movie_id: movieId,
      type: "flatrate",
      provider_id: 8,
      name: "Netflix",
      logo_path: "/n.jpg",
      display_order: 1,
    })
    .execute();
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function images(app = ctx.app) {
  const res = await app.inject({ method: "GET", url: `/api/movies/${movieId}` });
  expect(res.statusCode).toBe(200);
  const movie = res.json<Movie>();
  return {
    poster: movie.poster_url,
    backdrop: movie.backdrop_url,
    profile: movie.participants[0]!.profile_url,
    logo: movie.watch_providers.flatrate[0]!.logo_url,
  };
}

describe("TMDB's image configuration", () => {
  it("is not needed: until TMDB was asked, URLs use its long-standing sizes at image.tmdb.org", async () => {
    expect(await images()).toEqual({
      poster: "https://image.tmdb.org/t/p/w500/poster.jpg",
      backdrop: "https://image.tmdb.org/t/p/w1280/backdrop.jpg",
      profile: "https://image.tmdb.org/t/p/w185/face.jpg",
      logo: "https://image.tmdb.org/t/p/w92/n.jpg",
    });
  });

  it("gives the base and the sizes offered, also to pages the read cache kept; read once a day", async () => {
    await images(); // kept in the read cache: the change must reach it
    const tmdb = client();
    fake.requests.length = 0;
    expect(await refreshTmdbImages(tmdb)).toBe(true);
    expect(await images()).toEqual({
      // The narrowest size at least as wide as each place shows it, else the widest; h632 ≈ 421 px wide.
      poster: "https://images.example.test/t/p/w600/poster.jpg",
      backdrop: "https://images.example.test/t/p/w780/backdrop.jpg",
      profile: "https://images.example.test/t/p/h632/face.jpg",
      logo: "https://images.example.test/t/p/w154/n.jpg",
    });
    // The image cache serves the sizes TMDB offers now, and no other.
    expect([isCachedImageSize("w600"), isCachedImageSize("h632"), isCachedImageSize("w1280")]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await refreshTmdbImages(tmdb)).toBe(false);
    expect(fake.requests).toEqual([`/3/configuration?api_key=${FAKE_TMDB_KEY}`]);
  });

  it("keeps what it had when TMDB's answer cannot be used or TMDB cannot be asked", async () => {
    const before = await images();
    const logged: string[] = [];
    const log = {
      info: (_o: object, msg: string) => logged.push(msg),
      error: (_o: object, msg: string) => logged.push(msg),
    };
    fake.script.set("/3/configuration", [
      {
        status: 200,
        body: JSON.stringify({ images: { ...CHANGED.images, secure_base_url: "http://insecure.test/" } }),
      },
      { status: 503 },
      { status: 503 },
    ]);
    for (let i = 0; i < 2; i++) {
      const refresh = startTmdbImagesRefresh({ tmdb: client(), log });
      await refresh.first;
      refresh.stop();
    }
    expect(logged).toEqual([
      "TMDB image configuration could not be read; keeping the current one",
      "TMDB image configuration could not be read; keeping the current one",
    ]);
    expect(await images()).toEqual(before);
  });

  it("takes only sizes of TMDB's shape, keeping the defaults for a kind it lists none of", () => {
    const odd = imagesFromConfiguration({
      ...CHANGED,
      images: { ...CHANGED.images, poster_sizes: ["../../etc", "w0", "w500x"], logo_sizes: [] },
    });
    expect(odd.baseUrl).toBe("https://images.example.test/t/p");
    expect(odd.sizes.poster).toEqual(["w92", "w154", "w185", "w342", "w500", "w780", "original"]);
    expect(odd.sizes.logo).toEqual(["w45", "w92", "w154", "w185", "w300", "w500", "original"]);
    expect(odd.sizes.profile).toEqual(["w45", "h632", "original"]);
  });

  it("leaves the base to TMDB_IMAGE_BASE_URL when it is set, the sizes still TMDB's", async () => {
    const own = await createTestContext({
      env: { IMAGE_CACHE: "off", TMDB_IMAGE_BASE_URL: "https://cdn.example.test/tmdb/" },
    });
    try {
      await seedCatalog(own.db, own.clock.now());
      // The same film in this context's database.
      const row = await own.db.selectFrom("movies").select("id").where("key", "=", "parasite-2019").executeTakeFirst();
      const id = row?.id ?? movieId;
      await own.db.updateTable("movies").set({ poster_path: "/poster.jpg" }).where("id", "=", id).execute();
      const poster = async () =>
        (await own.app.inject({ method: "GET", url: `/api/movies/${id}` })).json<Movie>().poster_url;
      expect(await poster()).toBe("https://cdn.example.test/tmdb/w500/poster.jpg");
      expect(await refreshTmdbImages(client())).toBe(true);
      expect(await poster()).toBe("https://cdn.example.test/tmdb/w600/poster.jpg");
    } finally {
      await own.close();
    }
  });
});
