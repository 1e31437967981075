// API.md §4.10's tier 0 ("exact") on the client: after NFC, lower-casing and removing whitespace, every query
// character equals the name's, or is a Hangul initial consonant (초성) the name's syllable starts with — so 봉준호,
// "봉 준호" and ㅂㅈㅎ all name 봉준호 exactly.
const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
const SYLLABLES_PER_INITIAL = 21 * 28;

export function normalizeForSearch(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/gu, "");
}

function initialOf(syllable: string): string | null {
  const code = syllable.codePointAt(0) ?? 0;
  if (code < SYLLABLE_FIRST || code > SYLLABLE_LAST) return null;
  return INITIALS[Math.floor((code - SYLLABLE_FIRST) / SYLLABLES_PER_INITIAL)] ?? null;
}

export function matchesExactly(query: string, name: string): boolean {
  const q = [...normalizeForSearch(query)];
  const t = [...normalizeForSearch(name)];
  if (q.length === 0 || q.length !== t.length) return false;
  return q.every((char, index) => {
    const target = t[index]!;
    return char === target || (INITIALS.includes(char) && initialOf(target) === char);
  });
}
