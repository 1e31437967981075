// Text keys of API.md §4.10: the normalised form (NFC, lower-case, no whitespace), its 초성 form and the short
// n-gram tokens the candidate indexes store. Query and stored text go through the same functions.
import { canBeChoseong, getChoseong } from "es-hangul";

const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * NFC, lower-case, every whitespace character removed. Lone surrogates become U+FFFD first so every key is valid
 * UTF-8 for both databases.
 */
export function normalizeText(value: string): string {
  return value.replace(LONE_SURROGATE, "\uFFFD").normalize("NFC").toLowerCase().replace(/\s+/gu, "");
}

/** A query character that stands for any syllable with that initial: one of the 19 initial consonants ㄱ … ㅎ. */
export function isInitialJamo(char: string): boolean {
  return canBeChoseong(char);
}

export function isSyllable(char: string): boolean {
  const cp = char.codePointAt(0) ?? 0;
  return cp >= SYLLABLE_FIRST && cp <= SYLLABLE_LAST;
}

/** The 초성 of a precomposed syllable, the character itself otherwise (so positions line up with the text). */
export function initialOf(char: string): string {
  return isSyllable(char) ? getChoseong(char) : char;
}

/** Position-preserving 초성 form: 기생충 → ㄱㅅㅊ, "se7en" stays "se7en". */
export function choseongKey(chars: readonly string[]): string {
  let out = "";
  for (const char of chars) out += initialOf(char);
  return out;
}

/** Index tokens are ASCII so one tokenizer fits every script: 4 base-36 digits per code point (max U+10FFFF). */
const codes = new Map<string, string>();
function encode(prefix: string, chars: readonly string[]): string {
  let token = prefix;
  for (const char of chars) {
    let code = codes.get(char);
    if (code === undefined) {
      code = (char.codePointAt(0) ?? 0).toString(36).padStart(4, "0");
      // Bounded: a hostile text cannot grow the cache past a few thousand entries.
      if (codes.size < 20000) codes.set(char, code);
    }
    token += code;
  }
  return token;
}

/** Token of a 1–2 character substring (of the text or of its 초성 form). */
export const gramToken = (chars: readonly string[]): string => encode("g", chars);
/** Token of a pair one character apart ("a?c"): one-typo candidates of 3-character queries. */
export const skipToken = (first: string, last: string): string => encode("s", [first, last]);

/** Every token of one stored text: unigrams, bigrams and skip-grams of the text, unigrams and bigrams of its 초성. */
export function documentTokens(chars: readonly string[], choseong: readonly string[]): string[] {
  const tokens = new Set<string>();
  for (const source of [chars, choseong]) {
    for (let i = 0; i < source.length; i++) {
      tokens.add(gramToken([source[i]!]));
      if (i + 1 < source.length) tokens.add(gramToken([source[i]!, source[i + 1]!]));
    }
  }
  for (let i = 0; i + 2 < chars.length; i++) tokens.add(skipToken(chars[i]!, chars[i + 2]!));
  return [...tokens];
}
