// Deterministic SVG art (API.md §1.1) for records without images: the same text always draws the same picture,
// with colours taken from a hash of that text.
import { createHash } from "node:crypto";
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

function gradient(p: Palette, id: string, vertical = false): string {
  const to = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" ${to}>` +
    `<stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>`
  );
}

function circles(p: Palette, width: number, height: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const [x, y, r] = [p.shapes[i * 3]!, p.shapes[i * 3 + 1]!, p.shapes[i * 3 + 2]!];
    const radius = (0.15 + r * 0.35) * Math.min(width, height);
    out += `<circle cx="${(x * width).toFixed(1)}" cy="${(y * height).toFixed(1)}" r="${radius.toFixed(1)}" fill="${p.accent}" fill-opacity="${(0.08 + r * 0.1).toFixed(2)}"/>`;
  }
  return out;
}

function textLines(lines: string[], x: number, firstY: number, size: number, attrs: string): string {
  const lineHeight = Math.round(size * 1.25);
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${firstY + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join("");
}

export function posterSvg(title: string, year: number): string {
  const [width, height] = [300, 450];
  const text = cleanText(title) || "무비피디아";
  const p = palette(`poster\n${text}\n${year}`);
  const block = fitText(text, width - 48, [42, 36, 31, 27, 23, 20], 5);
  const lineHeight = Math.round(block.fontSize * 1.25);
  const top = Math.round(190 - ((block.lines.length - 1) * lineHeight) / 2);
  return svg(
    width,
    height,
    `${text} (${year})`,
    gradient(p, "g", true) +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      circles(p, width, height, 3) +
      `<rect x="18" y="18" width="${width - 36}" height="${height - 36}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.5" rx="6"/>` +
      textLines(
        block.lines,
        width / 2,
        top,
        block.fontSize,
        `text-anchor="middle" font-family="${FONT}" font-weight="700" fill="#fff"`,
      ) +
      `<line x1="120" y1="372" x2="180" y2="372" stroke="#fff" stroke-opacity="0.6" stroke-width="2"/>` +
      `<text x="${width / 2}" y="404" font-size="20" text-anchor="middle" font-family="${FONT}" letter-spacing="4" fill="#fff" fill-opacity="0.85">${year}</text>`,
  );
}

export function backdropSvg(title: string): string {
  const [width, height] = [1280, 720];
  const text = cleanText(title) || "무비피디아";
  const p = palette(`backdrop\n${text}`);
  const block = fitText(text, width - 160, [120, 100, 84, 70], 2);
  const lineHeight = Math.round(block.fontSize * 1.25);
  const top = height - 80 - (block.lines.length - 1) * lineHeight;
  return svg(
    width,
    height,
    text,
    gradient(p, "g") +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      circles(p, width, height, 4) +
      textLines(
        block.lines,
        80,
        top,
        block.fontSize,
        `font-family="${FONT}" font-weight="800" fill="#fff" fill-opacity="0.28"`,
      ),
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
