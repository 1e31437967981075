// Deterministic SVG art (API.md §1.1) for records without images: the same record always draws the same picture.
// Posters and backdrops take their look from the film (art-style.ts); portraits and avatars from a hash of the name.
import { createHash } from "node:crypto";
import { artStyle } from "./art-style.js";
import { motifSvg } from "./motifs.js";
import { cleanText, escapeXml, fitText, initials } from "./text-layout.js";

const FONT = "Pretendard, 'Noto Sans KR', 'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif";

interface Palette {
  from: string;
  to: string;
  accent: string;
  /** Positions and sizes of decorative shapes, 0–1. */
  shapes: number[];
}

function palette(seed: string): Palette {
  const bytes = createHash("sha256").update(seed).digest();
  const hue = (bytes[0]! * 256 + bytes[1]!) % 360;
  const hue2 = (hue + 25 + (bytes[2]! % 70)) % 360;
  return {
    from: `hsl(${hue} 58% 42%)`,
    to: `hsl(${hue2} 62% 18%)`,
    accent: `hsl(${(hue + 180) % 360} 70% 70%)`,
    shapes: [...bytes.subarray(3, 15)].map((b) => b / 255),
  };
}

function svg(width: number, height: number, label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(label)}">${body}</svg>`
  );
}

function gradient(p: Pick<Palette, "from" | "to">, id: string, vertical = false): string {
  const to = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" ${to}>` +
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`
  );
}

function textLines(lines: string[], x: number, firstY: number, size: number, attrs: string, leading = 1.25): string {
  const lineHeight = Math.round(size * leading);
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${firstY + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join("");
}

/** What a film's drawn poster shows: title and year, plus the original title and director as credits. */
export interface PosterArt {
  title: string;
  year: number;
  originalTitle?: string | null;
  genres?: readonly string[];
  director?: string | null;
}

const SERIF = "'Noto Serif KR', 'Noto Serif CJK KR', 'Nanum Myeongjo', AppleMyungjo, Batang, serif";

function creditLines(art: PosterArt, text: string): string[] {
  const lines: string[] = [];
  const original = cleanText(art.originalTitle ?? "");
  if (original && original !== text) lines.push(original.toUpperCase());
  const director = cleanText(art.director ?? "");
  lines.push(director ? `감독 ${director} · ${art.year}` : String(art.year));
  return lines;
}

/**
 * A 2:3 poster in one of four layouts (title centred, at the bottom, at the top, or on a band), with the genre's mood,
 * the decade's treatment and a motif, and credits (original title, director, year) at the foot. Readable at 100 px.
 */
export function posterSvg(art: PosterArt): string {
  const [width, height] = [300, 450];
  const text = cleanText(art.title) || "무비피디아";
  const style = artStyle(`poster\n${text}\n${art.year}`, art.year, art.genres ?? []);
  const family = style.serif ? SERIF : FONT;
  const weight = style.serif ? 700 : 800;
  const block = fitText(text, width - 48, [46, 40, 34, 29, 25, 21], 4);
  const lineHeight = Math.round(block.fontSize * 1.2);
  const blockHeight = (block.lines.length - 1) * lineHeight;
  const credits = creditLines(art, text).map((line) => fitText(line, width - 48, [13, 11, 10], 1).lines[0] ?? "");
  let titleY: number;
  let anchor = `text-anchor="start"`;
  let titleX = 24;
  let band = "";
  switch (style.layout) {
    case "center":
      titleY = Math.round(205 - blockHeight / 2);
      anchor = `text-anchor="middle"`;
      titleX = width / 2;
      break;
    case "top":
      titleY = 34 + block.fontSize;
      break;
    case "bottom":
      titleY = Math.round(372 - blockHeight);
      break;
    case "band": {
      const bandTop = Math.round(250 - blockHeight / 2 - block.fontSize * 1.1);
      const bandHeight = Math.round(blockHeight + block.fontSize * 1.7);
      band = `<rect y="${bandTop}" width="${width}" height="${bandHeight}" fill="${style.ground2}"/>`;
      titleY = bandTop + Math.round(block.fontSize * 1.15);
      break;
    }
  }
  const classicFrame =
    style.era === "classic"
      ? `<rect x="12" y="12" width="${width - 24}" height="${height - 24}" fill="none" stroke="${style.title}" stroke-opacity="0.55" stroke-width="2"/>`
      : "";
  const creditY = height - 26 - (credits.length - 1) * 16;
  const creditAnchor = style.layout === "center" ? `text-anchor="middle"` : `text-anchor="start"`;
  const creditX = style.layout === "center" ? width / 2 : 24;
  return svg(
    width,
    height,
    `${text} (${art.year})`,
    gradient({ from: style.ground, to: style.ground2 }, "g", true) +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      motifSvg(style.motif, width, height, style.ink, style.rand) +
      band +
      classicFrame +
      textLines(
        block.lines,
        titleX,
        titleY,
        block.fontSize,
        `${anchor} font-family="${family}" font-weight="${weight}" fill="${style.title}"`,
        1.2,
      ) +
      textLines(
        credits,
        creditX,
        creditY,
        11,
        `${creditAnchor} font-family="${FONT}" letter-spacing="1" fill="${style.credit}"`,
        1.45,
      ),
  );
}

/** A 16:9 backdrop: the poster's mood and motif on a wide ground, with no text (a crop never cuts a title). */
export function backdropSvg(art: Pick<PosterArt, "title" | "year" | "genres">): string {
  const [width, height] = [1280, 720];
  const text = cleanText(art.title) || "무비피디아";
  const style = artStyle(`poster\n${text}\n${art.year}`, art.year, art.genres ?? []);
  return svg(
    width,
    height,
    text,
    gradient({ from: style.ground, to: style.ground2 }, "g") +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      motifSvg(style.motif, width, height, style.ink, style.rand),
  );
}

function initialsSvg(kind: string, name: string, silhouette: boolean): string {
  const size = 240;
  const text = cleanText(name);
  const p = palette(`${kind}\n${text}`);
  const mark = initials(text);
  const fontSize = [...mark].length > 1 ? 84 : 104;
  const figure = silhouette ? `<path d="M20 240c8-50 50-78 100-78s92 28 100 78z" fill="#fff" fill-opacity="0.1"/>` : "";
  return svg(
    size,
    size,
    text,
    gradient(p, "g") +
      `<rect width="${size}" height="${size}" fill="url(#g)"/>` +
      figure +
      `<text x="120" y="120" dy="0.35em" font-size="${fontSize}" text-anchor="middle" font-family="${FONT}" font-weight="700" fill="#fff">${escapeXml(mark)}</text>`,
  );
}

export const personSvg = (name: string) => initialsSvg("person", name, true);
export const avatarSvg = (username: string) => initialsSvg("avatar", username, false);
