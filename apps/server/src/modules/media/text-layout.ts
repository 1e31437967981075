// Text measuring and wrapping for generated art. SVG cannot wrap text itself, so widths are estimated per character
// class (Hangul and CJK are square, Latin narrower) well enough to keep titles inside the frame.

const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

/** Approximate advance of one character in em. */
export function charWidth(ch: string): number {
  if (WIDE.test(ch)) return 1;
  if (ch === " ") return 0.3;
  if (/[A-Z0-9]/.test(ch)) return 0.64;
  if (/[a-z]/.test(ch)) return 0.54;
  if (/[.,:;'!|il]/.test(ch)) return 0.3;
  return 0.62;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** Invalid XML 1.0 characters (controls, lone surrogates, U+FFFE/F) are dropped; runs of whitespace become one space. */
export function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters XML 1.0 cannot hold
  const invalid = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Surrogate}/gu;
  return text.replace(invalid, "").replace(/\s+/gu, " ").trim();
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[ch]};`);
}

/** Greedy word wrap to `maxWidth` em; words longer than a line are split between characters. */
export function wrap(text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  const push = () => {
    if (line) lines.push(line);
    line = "";
  };
  for (const word of text.split(" ").filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    push();
    if (textWidth(word) <= maxWidth) {
      line = word;
      continue;
    }
    for (const ch of word) {
      if (textWidth(line + ch) > maxWidth) push();
      line += ch;
    }
  }
  push();
  return lines;
}

export interface TextBlock {
  lines: string[];
  fontSize: number;
}

/**
 * The largest font size (from `sizes`, descending) at which the text fits in `maxLines` lines of `width` px;
 * at the smallest size the last line is cut with an ellipsis.
 */
export function fitText(text: string, width: number, sizes: readonly number[], maxLines: number): TextBlock {
  for (const fontSize of sizes) {
    const lines = wrap(text, width / fontSize);
    if (lines.length <= maxLines) return { lines, fontSize };
  }
  const fontSize = sizes[sizes.length - 1]!;
  const lines = wrap(text, width / fontSize).slice(0, maxLines);
  let last = lines[maxLines - 1] ?? "";
  while (last && textWidth(`${last}…`) > width / fontSize) last = [...last].slice(0, -1).join("");
  lines[maxLines - 1] = `${last.trimEnd()}…`;
  return { lines, fontSize };
}

/**
 * Initials for portraits and avatars: a three-syllable Korean name shows its given name (송강호 → 강호), longer
 * Hangul nicknames their first two syllables, other names the first letters of their first and last words.
 */
export function initials(name: string): string {
  const words = cleanText(name)
    .split(/[\s._-]+/u)
    .filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) {
    const chars = [...words[0]!];
    if (chars.every((ch) => /[\uac00-\ud7af]/u.test(ch))) {
      return (chars.length === 3 ? chars.slice(1) : chars.slice(0, 2)).join("");
    }
    return chars.slice(0, 2).join("").toUpperCase();
  }
  const first = [...words[0]!][0]!;
  const last = [...words[words.length - 1]!][0]!;
  return `${first}${last}`.toUpperCase();
}
