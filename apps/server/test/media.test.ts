// GET /media/{kind}/{id}.svg: generated art for records without images, and the URLs responses point at.
import type { Movie } from "@moviepedia/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../src/db/seed/index.js";
import { artVersion } from "../src/lib/media-urls.js";
import { fitText, initials, textWidth } from "../src/modules/media/text-layout.js";
import { posterArtText } from "../src/modules/movies/index.js";
import { createTestContext, type TestContext } from "./helpers/context.js";
import { createMember, createMovie, createPerson, injectAs, type TestMember } from "./helpers/factories.js";

let ctx: TestContext;
let member: TestMember;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedCatalog(ctx.db, ctx.clock.now());
  member = await createMember(ctx, { username: "art_member" });
});
afterAll(async () => ctx.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url });

function expectSvg(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(res.body.endsWith("</svg>")).toBe(true);
  expect(wellFormed(res.body)).toBe(true);
}

/** A small XML well-formedness check: balanced tags, quoted attributes, only the five entities. */
function wellFormed(xml: string): boolean {
  if (/&(?!(amp|lt|gt|quot|apos);)/.test(xml)) return false;
  const stack: string[] = [];
  const token = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    if (m[6]) return false;
    if (m[5] !== undefined) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]!);
  }
  return token.lastIndex === 0 && stack.length === 0;
}

describe("generated art", () => {
  it("draws a movie's poster with its title and year, deterministically, ignoring v", async () => {
    const movie = (await get("/api/movies/1")).json() as Movie;
    const res = await get(movie.poster_url);
    expectSvg(res);
    expect(res.body).toContain(String(movie.year));
    expect(res.body).toContain(movie.title.split(" ")[0]!);
    expect((await get(`/media/poster/${movie.id}.svg?v=00000000`)).body).toBe(res.body);
    expect((await get(`/media/poster/${movie.id}.svg`)).body).toBe(res.body);
    expect(movie.poster_url).toBe(`/media/poster/${movie.id}.svg?v=${artVersion(posterArtText(movie))}`);
  });

  it("draws backdrops, person portraits and member avatars", async () => {
    const movie = (await get("/api/movies/2")).json() as Movie;
    const backdrop = await get(movie.backdrop_url);
    expectSvg(backdrop);
    expect(backdrop.body).toContain('width="1280"');
    const credit = movie.participants[0]!;
    const portrait = await get(credit.profile_url);
    expectSvg(portrait);
    expect(portrait.body).toContain(`>${initials(credit.name)}</text>`);
    const me = (await injectAs(ctx, member)({ method: "GET", url: "/api/users/me" })).json() as { profile_url: string };
    expect(me.profile_url).toMatch(new RegExp(`^/media/avatar/${member.id}\\.svg\\?v=[0-9a-f]{8}$`));
    const avatar = await get(me.profile_url);
    expectSvg(avatar);
    expect(avatar.body).toContain(">AM</text>");
  });

  it("draws each film in its genre's mood and its decade's treatment, with credits, and backdrops without text", async () => {
    const all = (await get("/api/movies?begin=0&end=1000")).json() as Movie[];
    const posters = await Promise.all(all.slice(0, 60).map(async (movie) => (await get(movie.poster_url)).body));
    // Grounds and motifs vary across a shelf (the old art had one gradient and circles everywhere).
    const grounds = new Set(posters.map((body) => /stop-color="([^"]+)"/.exec(body)?.[1]));
    expect(grounds.size).toBeGreaterThan(30);
    const classic = all.find((movie) => movie.year < 1980)!;
    const classicBody = (await get(classic.poster_url)).body;
    expect(classicBody).toContain("serif");
    // Credits: the original title (upper-cased) and the director.
    const parasite = all.find((movie) => movie.title === "기생충")!;
    const body = (await get(parasite.poster_url)).body;
    expect(body).toContain("감독 봉준호 · 2019");
    expect(body).toContain(parasite.original_title.toUpperCase());
    const backdrop = (await get(parasite.backdrop_url)).body;
    expect(backdrop).not.toContain("<text");
    for (const poster of posters) expect(wellFormed(poster)).toBe(true);
  });

  it("answers HEAD like GET", async () => {
    const res = await ctx.app.inject({ method: "HEAD", url: "/media/poster/1.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
  });

  it("escapes XML and drops characters XML cannot hold", async () => {
    const movie = await createMovie(ctx, { title: `<script>alert("x")</script> & 'Tom' \u0001\u0007끝` });
    const res = await get(`/media/poster/${movie.id}.svg`);
    expectSvg(res);
    expect(res.body).not.toContain("<script");
    expect(res.body).toContain("&lt;script&gt;");
    expect(res.body).toContain("&amp;");
    expect([...res.body].some((ch) => ch.charCodeAt(0) < 9)).toBe(false);
    const person = await createPerson(ctx, `A&B "C"`);
    const portrait = await get(`/media/person/${person.id}.svg`);
    expectSvg(portrait);
    expect(portrait.body).toContain('aria-label="A&amp;B &quot;C&quot;"');
  });

  it("versions URLs by the drawn text, so a retitled movie gets a new URL", async () => {
    const movie = await createMovie(ctx, { title: "옛 제목" });
    const before = ((await get(`/api/movies/${movie.id}`)).json() as Movie).poster_url;
    await ctx.db.updateTable("movies").set({ title: "새 제목" }).where("id", "=", movie.id).execute();
    const after = ((await get(`/api/movies/${movie.id}`)).json() as Movie).poster_url;
    expect(after).not.toBe(before);
    expect(after.split("?")[0]).toBe(before.split("?")[0]);
    expect((await get(after)).body).toContain("새 제목");
  });

  it("keeps stored image URLs in responses while still serving art", async () => {
    const movie = await createMovie(ctx);
    await ctx.db
      .updateTable("movies")
      .set({ poster_url: "https://images.example/p.jpg" })
      .where("id", "=", movie.id)
      .execute();
    const json = (await get(`/api/movies/${movie.id}`)).json() as Movie;
    expect(json.poster_url).toBe("https://images.example/p.jpg");
    expect(json.backdrop_url).toMatch(/^\/media\/backdrop\//);
    expectSvg(await get(`/media/poster/${movie.id}.svg`));
  });

  it("answers a plain-text 404 for unknown kinds, ids and file names", async () => {
    for (const url of [
      "/media/poster/999999.svg",
      "/media/person/2147483648.svg",
      "/media/avatar/99999999999999999999.svg",
      "/media/logo/1.svg",
      "/media/constructor/1.svg",
      "/media/poster/1.png",
      "/media/poster/abc.svg",
      "/media/poster/1",
      "/media/poster/-1.svg",
      "/media/poster",
      "/media/poster/1.svg/extra",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
      expect(res.body, url).not.toContain("code");
    }
  });
});

describe("text layout", () => {
  it("wraps long titles into lines that fit, shrinking the font before cutting", () => {
    const short = fitText("기생충", 252, [42, 36, 30], 5);
    expect(short).toEqual({ lines: ["기생충"], fontSize: 42 });
    const long = fitText("해리 포터와 마법사의 돌", 252, [42, 36, 30], 5);
    expect(long.lines.length).toBeGreaterThan(1);
    for (const line of long.lines) expect(textWidth(line) * long.fontSize).toBeLessThanOrEqual(252);
    const huge = fitText("가".repeat(200), 252, [42, 20], 3);
    expect(huge.lines).toHaveLength(3);
    expect(huge.lines[2]!.endsWith("…")).toBe(true);
  });

  it("derives initials for Korean and other names", () => {
    expect(initials("송강호")).toBe("강호");
    expect(initials("아이유")).toBe("이유");
    expect(initials("느긋한고양이")).toBe("느긋");
    expect(initials("레오나르도 디카프리오")).toBe("레디");
    expect(initials("member_12")).toBe("M1");
    expect(initials("")).toBe("?");
  });
});
