import { describe, expect, it } from "vitest";
import { matchesExactly } from "./exact-match";

describe("matchesExactly (tier 0 of API.md §4.10)", () => {
  it("ignores spaces and case, and lets initial consonants stand for syllables", () => {
    expect(matchesExactly("봉준호", "봉준호")).toBe(true);
    expect(matchesExactly("봉 준호", "봉준호")).toBe(true);
    expect(matchesExactly("ㅂㅈㅎ", "봉준호")).toBe(true);
    expect(matchesExactly("봉ㅈㅎ", "봉준호")).toBe(true);
    expect(matchesExactly("BONG joon-ho", "Bong Joon-ho")).toBe(true);
  });

  it("rejects prefixes, longer names and other initials", () => {
    expect(matchesExactly("봉준", "봉준호")).toBe(false);
    expect(matchesExactly("봉준호감독", "봉준호")).toBe(false);
    expect(matchesExactly("ㅂㅈㄱ", "봉준호")).toBe(false);
    expect(matchesExactly("  ", "봉준호")).toBe(false);
  });
});
