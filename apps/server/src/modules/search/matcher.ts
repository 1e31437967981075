// The matching rules of API.md §4.10, exactly: tiers 0 exact, 1 prefix, 2 contains, 3 fuzzy. Indexes only narrow
// the candidates; every candidate is tiered here, so both databases rank the same way.
import { choseongKey, isInitialJamo, normalizeText } from "./normalize.js";

export type Tier = 0 | 1 | 2 | 3;

export interface SearchQuery {
  /** Normalised query, one entry per code point. */
  chars: string[];
  text: string;
  /** Per position: an initial consonant that matches any syllable with that initial. */
  jamo: boolean[];
  hasJamo: boolean;
  /**
   * What the indexes look up: the text itself, or — when the query holds initial consonants — its 초성 form in
   * the 초성 column (a superset of the real matches, which the tiering then checks).
   */
  key: string;
  keyChars: string[];
  column: "norm" | "chosung";
  /** Edit distance the fuzzy tier allows: 0 (no fuzzy tier), 1, or 2 for queries of 8+ characters. */
  maxTypos: 0 | 1 | 2;
}

export function parseQuery(raw: string): SearchQuery {
  const text = normalizeText(raw);
  const chars = Array.from(text);
  const jamo = chars.map(isInitialJamo);
  const hasJamo = jamo.some(Boolean);
  const keyChars = hasJamo ? Array.from(choseongKey(chars)) : chars;
  const maxTypos = hasJamo || chars.length < 3 ? 0 : chars.length >= 8 ? 2 : 1;
  return {
    chars,
    text,
    jamo,
    hasJamo,
    key: keyChars.join(""),
    keyChars,
    column: hasJamo ? "chosung" : "norm",
    maxTypos,
  };
}

/** A stored text split for matching: its characters and their 초성 (same length). */
export interface MatchText {
  chars: string[];
  choseong: string[];
}

export function matchText(norm: string, chosung: string): MatchText {
  return { chars: Array.from(norm), choseong: Array.from(chosung) };
}

function matchesAt(q: SearchQuery, t: MatchText, at: number): boolean {
  for (let i = 0; i < q.chars.length; i++) {
    const wanted = q.chars[i];
    // An initial consonant matches itself or any syllable with that initial: both have it as their 초성.
    if ((q.jamo[i] ? t.choseong[at + i] : t.chars[at + i]) !== wanted) return false;
  }
  return true;
}

/** Tier 0–2 of one text, or null. */
export function exactTier(q: SearchQuery, t: MatchText): 0 | 1 | 2 | null {
  const m = q.chars.length;
  const n = t.chars.length;
  if (m === 0 || m > n) return null;
  if (matchesAt(q, t, 0)) return m === n ? 0 : 1;
  for (let at = 1; at + m <= n; at++) if (matchesAt(q, t, at)) return 2;
  return null;
}

/** Smallest edit distance between the query and any substring of `text` (Myers' bit-vector search, m ≤ 31). */
function bitVectorDistance(q: readonly string[], text: readonly string[]): number {
  const m = q.length;
  const peq = new Map<string, number>();
  for (let i = 0; i < m; i++) peq.set(q[i]!, (peq.get(q[i]!) ?? 0) | (1 << i));
  const last = 1 << (m - 1);
  let pv = -1;
  let mv = 0;
  let score = m;
  let best = m;
  for (const char of text) {
    const eq = peq.get(char) ?? 0;
    const xv = eq | mv;
    const xh = (((eq & pv) + pv) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & last) score++;
    else if (mh & last) score--;
    // Search mode: a match may start anywhere, so no carry-in on the horizontal deltas.
    ph <<= 1;
    mh <<= 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
    if (score < best) best = score;
  }
  return best;
}

/** The same for long queries: the textbook dynamic programme with a free start in the text. */
function tableDistance(q: readonly string[], text: readonly string[]): number {
  const m = q.length;
  let prev = Array.from({ length: m + 1 }, (_, i) => i);
  let best = m;
  for (const char of text) {
    const cur = [0];
    for (let i = 1; i <= m; i++) {
      cur[i] = Math.min(prev[i - 1]! + (q[i - 1] === char ? 0 : 1), prev[i]! + 1, cur[i - 1]! + 1);
    }
    best = Math.min(best, cur[m]!);
    prev = cur;
  }
  return best;
}

export function substringDistance(q: readonly string[], text: readonly string[]): number {
  return q.length <= 31 ? bitVectorDistance(q, text) : tableDistance(q, text);
}

/** Best tier of one text; the fuzzy tier only when `fuzzy` and the query allows it. */
export function tierOf(q: SearchQuery, t: MatchText, fuzzy = true): Tier | null {
  const tier = exactTier(q, t);
  if (tier !== null || !fuzzy || q.maxTypos === 0) return tier;
  if (t.chars.length < q.chars.length - q.maxTypos) return null;
  return substringDistance(q.chars, t.chars) <= q.maxTypos ? 3 : null;
}

/** Best tier over several texts (a movie's title and original title). */
export function bestTier(q: SearchQuery, texts: readonly MatchText[], fuzzy = true): Tier | null {
  let best: Tier | null = null;
  for (const t of texts) {
    const tier = tierOf(q, t, fuzzy);
    if (tier !== null && (best === null || tier < best)) best = tier;
    if (best === 0) break;
  }
  return best;
}
