import { describe, expect, it } from "vitest";
import { formatRunningTime, movieFacts, splitCreditRole, synopsisLines } from "./format";

describe("formatRunningTime", () => {
  it("shows hours and minutes", () => {
    expect(formatRunningTime(132)).toBe("2시간 12분");
    expect(formatRunningTime(61)).toBe("1시간 1분");
    expect(formatRunningTime(120)).toBe("2시간");
    expect(formatRunningTime(45)).toBe("45분");
    expect(formatRunningTime(0)).toBe("0분");
  });
});

describe("synopsisLines", () => {
  it("breaks lines on real newlines and on the literal two-character \\n", () => {
    expect(synopsisLines("첫 줄\\n둘째 줄\n셋째 줄\r\n넷째 줄")).toEqual(["첫 줄", "둘째 줄", "셋째 줄", "넷째 줄"]);
    expect(synopsisLines("한 줄")).toEqual(["한 줄"]);
    expect(synopsisLines("a\\n\\nb")).toEqual(["a", "", "b"]);
  });
});

describe("movieFacts and credits", () => {
  it("joins year, genres and countries, skipping empty parts", () => {
    expect(movieFacts({ year: 2019, genres: ["드라마", "스릴러"], countries: ["한국"] })).toBe(
      "2019 · 드라마, 스릴러 · 한국",
    );
    expect(movieFacts({ year: 1999, genres: [], countries: ["미국"] })).toBe("1999 · 미국");
  });

  it("splits a credit's kind from its character name", () => {
    expect(splitCreditRole("주연 | 기택")).toEqual({ kind: "주연", character: "기택" });
    expect(splitCreditRole("감독")).toEqual({ kind: "감독", character: null });
  });
});
