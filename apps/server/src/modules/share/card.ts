// The 1200×630 link-preview pictures, drawn as SVG (then rendered to PNG by routes.ts): a movie's backdrop and poster
// with its title, facts and average; a collection's title, owner and its first posters. A film's real poster and
// backdrop (from TMDB, through the image cache) are used when the server has them, its drawn art otherwise.
import { backdropSvg, cleanText, escapeXml, fitText, type PosterArt, posterSvg } from "../media/index.js";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const FONT = "Pretendard, 'Noto Sans KR', 'Noto Sans CJK KR', sans-serif";
const ACCENT = "#d01556";

/** An art SVG placed inside the card: its own ids renamed (every drawing calls its gradient "g"). */
function place(svg: string, id: string, x: number, y: number, width: number, height: number): string {
  return svg
    .replace(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/,
      `<svg x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"`,
    )
    .replace(/id="g"/g, `id="${id}"`)
    .replace(/url\(#g\)/g, `url(#${id})`);
}

/** A photo (a data: URI) placed like `place` places a drawing: covering its box, centred. */
function photo(uri: string, x: number, y: number, width: number, height: number): string {
  return `<image href="${uri}" x="${x}" y="${y}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>`;
}

/** The real image when there is one, else the film's drawing. */
function artOr(uri: string | null | undefined, svg: () => string, id: string, box: [number, number, number, number]) {
  return uri ? photo(uri, ...box) : place(svg(), id, ...box);
}

function card(body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${escapeXml(label)}">` +
    body +
    `<text x="1140" y="590" text-anchor="end" font-family="${FONT}" font-size="30" font-weight="800" fill="${ACCENT}">무비피디아</text>` +
    `</svg>`
  );
}

function lines(texts: string[], x: number, y: number, size: number, leading: number, attrs: string): string {
  return texts
    .map(
      (text, i) =>
        `<text x="${x}" y="${y + i * Math.round(size * leading)}" font-size="${size}" ${attrs}>${escapeXml(text)}</text>`,
    )
    .join("");
}

/** A film's drawing facts, and its real images as data: URIs when the server has them. */
export interface FilmArt extends PosterArt {
  posterImage?: string | null;
}

export interface MovieCard extends FilmArt {
  average: number | null;
  ratingsCount: number;
  backdropImage?: string | null;
}

export function movieCardSvg(movie: MovieCard): string {
  const title = fitText(cleanText(movie.title), 660, [72, 62, 54, 46], 2);
  const facts = [String(movie.year), (movie.genres ?? []).slice(0, 3).join(", ")].filter(Boolean).join(" · ");
  const director = movie.director ? `감독 ${cleanText(movie.director)}` : "";
  const rating =
    movie.average !== null ? `★ ${movie.average.toFixed(1)}  ·  ${movie.ratingsCount}명 평가` : "아직 평가가 없어요";
  const titleY = 190;
  const afterTitle = titleY + (title.lines.length - 1) * Math.round(title.fontSize * 1.15) + 70;
  return card(
    artOr(movie.backdropImage, () => backdropSvg(movie), "bd", [0, 0, CARD_WIDTH, CARD_HEIGHT]) +
      `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#0b0b10" fill-opacity="0.62"/>` +
      `<rect x="60" y="75" width="320" height="480" rx="14" fill="#000" fill-opacity="0.35"/>` +
      artOr(movie.posterImage, () => posterSvg(movie), "ps", [60, 70, 320, 480]) +
      lines(title.lines, 430, titleY, title.fontSize, 1.15, `font-family="${FONT}" font-weight="800" fill="#fff"`) +
      lines(
        [facts, director].filter(Boolean),
        430,
        afterTitle,
        32,
        1.4,
        `font-family="${FONT}" fill="#fff" fill-opacity="0.85"`,
      ) +
      `<text x="430" y="${afterTitle + 140}" font-family="${FONT}" font-size="40" font-weight="700" fill="#ffad13">${escapeXml(rating)}</text>`,
    `${movie.title} (${movie.year})`,
  );
}

export interface CollectionCard {
  title: string;
  owner: string;
  movieCount: number;
  films: FilmArt[];
}

export function collectionCardSvg(collection: CollectionCard): string {
  const title = fitText(cleanText(collection.title) || "컬렉션", 1080, [64, 56, 48], 2);
  const posters = collection.films
    .slice(0, 5)
    .map((film, i) => artOr(film.posterImage, () => posterSvg(film), `p${i}`, [60 + i * 220, 250, 200, 300]))
    .join("");
  const empty =
    collection.films.length === 0 ? `<rect x="60" y="250" width="1080" height="300" rx="16" fill="#f3f4f6"/>` : "";
  return card(
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#fff"/>` +
      lines(title.lines, 60, 95, title.fontSize, 1.15, `font-family="${FONT}" font-weight="800" fill="#111"`) +
      `<text x="60" y="${95 + (title.lines.length - 1) * Math.round(title.fontSize * 1.15) + 60}" font-family="${FONT}" font-size="30" fill="#555">${escapeXml(`${cleanText(collection.owner)}님의 컬렉션 · 영화 ${collection.movieCount}편`)}</text>` +
      empty +
      posters,
    collection.title,
  );
}
