// Link previews (issue 20 item 18): the Open Graph and Twitter-card tags for a shared movie, collection, comment or
// profile, from the same rows the API answers, so KakaoTalk, Slack or X unfurl the link with a title, a description
// and a 1200×630 image. The tags go into the <head> of the index.html the server sends for that address.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { escapeXml } from "../media/index.js";
import * as repo from "./repository.js";

export const SITE_NAME = "무비피디아";
const DESCRIPTION_MAX = 140;

export interface ShareHead {
  /** The document title (replaces index.html's). */
  title: string;
  /** The <meta> tags to add to <head>. */
  tags: string;
}

interface ShareFacts {
  title: string;
  description: string;
  type: "video.movie" | "website" | "article" | "profile";
  /** Root-relative path of the 1200×630 image, if the page has one. */
  image: string | null;
  imageAlt?: string;
}

const MOVIE = /^\/movies\/([0-9]{1,10})\/?$/;
const COLLECTION = /^\/collections\/([0-9]{1,10})\/?$/;
const COMMENT = /^\/comments\/([0-9]{1,10})\/([0-9]{1,10})\/?$/;
const PROFILE = /^\/profile\/([0-9]{1,10})\/?$/;
const MAX_ID = 2_147_483_647;

function shorten(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join("")}…`;
}

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : null;
};

export function createShareService(db: Kysely<Database>) {
  async function facts(pathname: string): Promise<ShareFacts | null> {
    let match = MOVIE.exec(pathname);
    if (match) {
      const id = idOf(match[1]);
      const movie = id === null ? undefined : await repo.findMovie(db, id);
      if (!movie) return null;
      const genres = (await repo.genresOf(db, movie.id)).map((row) => row.name);
      const average =
        movie.ratings_count > 0
          ? `평균 ★${(Math.round(movie.rating_sum / movie.ratings_count) / 10).toFixed(1)}`
          : null;
      const line = [String(movie.year), genres.slice(0, 3).join(", "), average].filter(Boolean).join(" · ");
      return {
        title: `${movie.title} (${movie.year})`,
        description: shorten(movie.synopsis ? `${line} — ${movie.synopsis}` : line),
        type: "video.movie",
        image: `/media/share/movie/${movie.id}.png`,
        imageAlt: `${movie.title} 포스터와 정보`,
      };
    }
    match = COLLECTION.exec(pathname);
    if (match) {
      const id = idOf(match[1]);
      const collection = id === null ? undefined : await repo.findCollection(db, id);
      if (!collection) return null;
      const byline = `${collection.username}님의 컬렉션 · 영화 ${collection.movie_count}편`;
      return {
        title: collection.title,
        description: shorten(collection.overview ? `${byline} — ${collection.overview}` : byline),
        type: "website",
        image: `/media/share/collection/${collection.id}.png`,
        imageAlt: `${collection.title} 컬렉션의 영화 포스터`,
      };
    }
    match = COMMENT.exec(pathname);
    if (match) {
      const id = idOf(match[2]);
      const review = id === null ? undefined : await repo.findReview(db, id);
      // An emptied review is hidden (API.md §4.5): it is shared as nothing.
      if (!review || review.content.trim() === "") return null;
      const stars = review.rating > 0 ? `★${review.rating.toFixed(1)} · ` : "";
      const body = review.spoiler ? "스포일러가 있는 코멘트예요." : review.content;
      return {
        title: `${review.username}님의 「${review.movie_title}」 코멘트`,
        description: shorten(`${stars}${body}`),
        type: "article",
        image: `/media/share/movie/${review.movie_id}.png`,
        imageAlt: `${review.movie_title} 포스터와 정보`,
      };
    }
    match = PROFILE.exec(pathname);
    if (match) {
      const id = idOf(match[1]);
      const user = id === null ? undefined : await repo.findUser(db, id);
      if (!user) return null;
      const counts = `코멘트 ${user.review_count} · 팔로워 ${user.follower_count}`;
      return {
        title: `${user.username}님의 프로필`,
        description: shorten(user.status_message ? `${user.status_message} — ${counts}` : counts),
        type: "profile",
        image: null,
      };
    }
    return null;
  }

  /** The head of a shareable address, or null (not one, or nothing there). `origin`: absolute URLs for crawlers. */
  async function headFor(pathname: string, origin: string): Promise<ShareHead | null> {
    const found = await facts(pathname);
    if (!found) return null;
    const meta = (key: "property" | "name", name: string, content: string) =>
      `<meta ${key}="${name}" content="${escapeXml(content)}">`;
    const url = `${origin}${pathname}`;
    const tags = [
      meta("name", "description", found.description),
      meta("property", "og:site_name", SITE_NAME),
      meta("property", "og:locale", "ko_KR"),
      meta("property", "og:type", found.type),
      meta("property", "og:title", found.title),
      meta("property", "og:description", found.description),
      meta("property", "og:url", url),
      meta("name", "twitter:card", found.image ? "summary_large_image" : "summary"),
      meta("name", "twitter:title", found.title),
      meta("name", "twitter:description", found.description),
    ];
    if (found.image) {
      const image = `${origin}${found.image}`;
      tags.push(
        meta("property", "og:image", image),
        meta("property", "og:image:type", "image/png"),
        meta("property", "og:image:width", "1200"),
        meta("property", "og:image:height", "630"),
        meta("property", "og:image:alt", found.imageAlt ?? found.title),
        meta("name", "twitter:image", image),
      );
    }
    return { title: `${found.title} - ${SITE_NAME}`, tags: tags.join("") };
  }

  return { headFor };
}

export type ShareService = ReturnType<typeof createShareService>;
