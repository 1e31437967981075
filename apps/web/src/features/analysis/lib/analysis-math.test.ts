import { describe, expect, it } from "vitest";
import { histogramBars, mostGivenRating, rankedEntries, splitTop, tagStyle } from "./analysis-math";

describe("histogramBars", () => {
  it("scales the most frequent rating to 80 px and the others in proportion", () => {
    const bars = histogramBars({ "0.5": 0, "1.0": 1, "3.0": 2, "4.0": 8, "5.0": 4 });
    expect(bars).toHaveLength(10);
    const byKey = Object.fromEntries(bars.map((bar) => [bar.key, bar]));
    expect(byKey["4.0"]).toMatchObject({ heightPx: 80, isMax: true, count: 8 });
    expect(byKey["5.0"]?.heightPx).toBe(40);
    expect(byKey["3.0"]?.heightPx).toBe(20);
    expect(byKey["1.0"]?.heightPx).toBe(10);
    expect(byKey["2.5"]).toMatchObject({ heightPx: 0, count: 0, isMax: false });
  });

  it("draws nothing for an empty distribution", () => {
    expect(histogramBars({}).every((bar) => bar.heightPx === 0 && !bar.isMax)).toBe(true);
  });
});

describe("mostGivenRating", () => {
  it("prefers the server's mode, else the lowest of the most frequent", () => {
    expect(mostGivenRating({ "3.0": 2, "4.0": 2 }, 4)).toBe(4);
    expect(mostGivenRating({ "3.0": 2, "4.0": 2 }, null)).toBe(3);
    expect(mostGivenRating({}, null)).toBeNull();
  });
});

describe("rankedEntries", () => {
  it("keeps the server's ranking order and truncates scores to integers", () => {
    const entries = rankedEntries([
      { name: "한국", score: 72.9, count: 13, rated: true },
      { name: "일본", score: 61.2, count: 1, rated: true },
      { name: "프랑스", score: 50.4, count: 2, rated: false },
    ]);
    expect(entries).toEqual([
      { name: "한국", score: 72, count: 13, rated: true },
      { name: "일본", score: 61, count: 1, rated: true },
      { name: "프랑스", score: 50, count: 2, rated: false },
    ]);
  });

  it("treats a missing list as no entries", () => {
    expect(rankedEntries(undefined)).toEqual([]);
    expect(rankedEntries([])).toEqual([]);
  });

  it("splits the top 3 from the rest", () => {
    expect(splitTop([1, 2, 3, 4, 5])).toEqual({ top: [1, 2, 3], rest: [4, 5] });
    expect(splitTop([1, 2])).toEqual({ top: [1, 2], rest: [] });
  });
});

describe("tagStyle", () => {
  it("sizes a tag at score / 15 + 10 px and bolds it above weight 5", () => {
    expect(tagStyle(90)).toEqual({ fontSizePx: 16, bold: true });
    expect(tagStyle(75)).toEqual({ fontSizePx: 15, bold: false });
    expect(tagStyle(76)).toMatchObject({ bold: true });
    expect(tagStyle(0)).toEqual({ fontSizePx: 10, bold: false });
  });
});
