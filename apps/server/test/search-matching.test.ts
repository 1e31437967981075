// Unit tests of the matcher of API.md §4.10: normalisation, 초성, tiers and the fuzzy distance.
import { describe, expect, it } from "vitest";
import { buildDocuments } from "../src/modules/search/documents.js";
import { matchText, parseQuery, substringDistance, type SearchQuery, tierOf } from "../src/modules/search/matcher.js";
import { choseongKey, normalizeText } from "../src/modules/search/normalize.js";

function tier(query: string, text: string) {
  const norm = normalizeText(text);
  return tierOf(parseQuery(query), matchText(norm, choseongKey(Array.from(norm))));
}

/** The definition, written as plainly as possible: every substring of T, every alignment. */
function referenceDistance(q: string[], t: string[]): number {
  let best = q.length;
  for (let i = 0; i <= t.length; i++) {
    for (let j = i; j <= t.length; j++) {
      const s = t.slice(i, j);
      const d = Array.from({ length: q.length + 1 }, (_, a) =>
        Array.from({ length: s.length + 1 }, (_, b) => (a === 0 ? b : b === 0 ? a : 0)),
      );
      for (let a = 1; a <= q.length; a++) {
        for (let b = 1; b <= s.length; b++) {
          d[a]![b] = Math.min(
            d[a - 1]![b - 1]! + (q[a - 1] === s[b - 1] ? 0 : 1),
            d[a - 1]![b]! + 1,
            d[a]![b - 1]! + 1,
          );
        }
      }
      best = Math.min(best, d[q.length]![s.length]!);
    }
  }
  return best;
}

describe("normalisation", () => {
  it("applies NFC, lower-cases and removes every whitespace character", () => {
    expect(normalizeText(" Parasite\tTHE\u3000Movie\n")).toBe("parasitethemovie");
    // 기 as conjoining jamo (U+1100 U+1175) composes to the syllable.
    expect(normalizeText("\u1100\u1175생 충")).toBe("기생충");
    expect(normalizeText("Cafe\u0301")).toBe("café");
  });

  it("replaces lone surrogates so every key is valid UTF-8", () => {
    expect(normalizeText("a\ud800b")).toBe("a\ufffdb");
    expect(normalizeText("😀")).toBe("😀");
  });

  it("keeps positions in the 초성 form", () => {
    expect(choseongKey(Array.from("기생충2019 parasite"))).toBe("ㄱㅅㅊ2019 parasite");
    expect(choseongKey(Array.from("ㅋㅋ뷁"))).toBe("ㅋㅋㅂ");
  });
});

describe("tiers", () => {
  it("ranks exact, prefix, contains and fuzzy", () => {
    expect(tier("기생충", "기생충")).toBe(0);
    expect(tier("기생", "기생충")).toBe(1);
    expect(tier("생충", "기생충")).toBe(2);
    expect(tier("기생총", "기생충")).toBe(3);
    expect(tier("괴물", "기생충")).toBeNull();
  });

  it("ignores case and spaces on both sides", () => {
    expect(tier("기생 충", "기생충")).toBe(0);
    expect(tier("PARASITE", "Parasite")).toBe(0);
    expect(tier("봉 준호", "봉준호")).toBe(0);
    expect(tier("살인의추억", "살인의 추억")).toBe(0);
  });

  it("lets an initial consonant match any syllable with that initial", () => {
    expect(tier("ㄱㅅㅊ", "기생충")).toBe(0);
    expect(tier("기ㅅㅊ", "기생충")).toBe(0);
    expect(tier("기ㅅ", "기생충")).toBe(1);
    expect(tier("ㅅㅊ", "기생충")).toBe(2);
    expect(tier("ㅂㅈㅎ", "봉준호")).toBe(0);
    expect(tier("ㄲ", "꽃")).toBe(0);
    // The initial must be the syllable's: ㄱ is not ㄲ, and 기 is not ㄱ as text.
    expect(tier("ㄱ", "꽃")).toBeNull();
    expect(tier("기", "ㄱ")).toBeNull();
    // A jamo in the text matches itself.
    expect(tier("ㅋㅋ", "ㅋㅋ영화")).toBe(1);
  });

  it("never applies the fuzzy tier to jamo queries or queries under 3 characters", () => {
    expect(tier("ㄱㅅㅎ", "기생충")).toBeNull();
    expect(tier("기샹", "기생")).toBeNull();
    expect(parseQuery("기생").maxTypos).toBe(0);
    expect(parseQuery("기생총").maxTypos).toBe(1);
    expect(parseQuery("parasite").maxTypos).toBe(2);
  });

  it("allows one typo below 8 characters and two from 8", () => {
    expect(tier("parasote", "parasite")).toBe(3);
    expect(tier("porasote", "parasite")).toBe(3);
    expect(tier("porasote", "parasitx")).toBeNull();
    expect(tier("parsite", "parasite")).toBe(3);
    expect(tier("prsite", "parasite")).toBeNull();
    // Against a substring of the text: one inserted character inside the query's span.
    expect(tier("살인추억", "살인의 추억 리마스터")).toBe(3);
    // Shorter than the query by the allowed typos at most.
    expect(tier("기생충들", "기생충")).toBe(3);
    expect(tier("기생충들", "기생")).toBeNull();
  });

  it("takes the tier of the query against the whole normalised text", () => {
    const q: SearchQuery = parseQuery("  Host ");
    expect(q.text).toBe("host");
    expect(tierOf(q, matchText("thehost", "thehost"))).toBe(2);
  });
});

describe("substring edit distance", () => {
  it("agrees with the definition on random strings", () => {
    const alphabet = ["a", "b", "c", "기", "생"];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let run = 0; run < 400; run++) {
      const q = Array.from({ length: 1 + random(6) }, () => alphabet[random(alphabet.length)]!);
      const t = Array.from({ length: random(9) }, () => alphabet[random(alphabet.length)]!);
      expect(substringDistance(q, t)).toBe(referenceDistance(q, t));
    }
  });

  it("handles queries longer than one machine word", () => {
    const q = Array.from("가나다라마바사아자차카타파하가나다라마바사아자차카타파하가나다라마바사");
    const t = [...q];
    t[20] = "X";
    expect(substringDistance(q, t)).toBe(1);
    expect(substringDistance(q, ["가", ...t])).toBe(1);
  });
});

describe("documents", () => {
  it("stores each distinct normalised text once per record", () => {
    const docs = buildDocuments("movie", 12, ["기생충", "기생 충"]);
    expect(docs.map((d) => [d.norm, d.chosung])).toEqual([["기생충", "ㄱㅅㅊ"]]);
    const both = buildDocuments("movie", 12, ["기생충", "Parasite"]);
    expect(both.map((d) => d.norm)).toEqual(["기생충", "parasite"]);
    expect(new Set(both.map((d) => d.id)).size).toBe(2);
    expect(buildDocuments("person", 3, ["   "])).toEqual([]);
  });
});
