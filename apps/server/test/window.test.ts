// begin/end windows (API.md §1.5) and path ids (§1.2): the table, row by row, as pure functions.
import { describe, expect, it } from "vitest";
import { ApiError } from "../src/http/errors.js";
import { parsePathId } from "../src/http/ids.js";
import { applyWindow, parseWindow } from "../src/http/window.js";

const items = Array.from({ length: 2500 }, (_, i) => i);

function rangeError(query: Record<string, unknown>): { code: string; detail: string } {
  try {
    parseWindow(query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).code, detail: (error as ApiError).detail };
  }
  throw new Error(`expected INVALID_RANGE for ${JSON.stringify(query)}`);
}

describe("parseWindow", () => {
  it("indexes from 0, begin inclusive and end exclusive", () => {
    expect(parseWindow({ begin: "0", end: "10" })).toEqual({ offset: 0, limit: 10 });
    expect(applyWindow(items, parseWindow({ begin: "3", end: "6" }))).toEqual([3, 4, 5]);
  });

  it("defaults begin to 0 and end to begin + 1000 (the cap)", () => {
    expect(parseWindow({})).toEqual({ offset: 0, limit: 1000 });
    expect(parseWindow({ begin: "20" })).toEqual({ offset: 20, limit: 1000 });
    expect(parseWindow({ end: "5" })).toEqual({ offset: 0, limit: 5 });
  });

  it("caps every answer at 1000 items", () => {
    expect(parseWindow({ begin: "0", end: "5000" })).toEqual({ offset: 0, limit: 1000 });
    expect(parseWindow({ begin: "10", end: "2000" })).toEqual({ offset: 10, limit: 1000 });
    expect(applyWindow(items, parseWindow({ begin: "1000", end: "2147483647" }))).toHaveLength(1000);
  });

  it("clamps end to the length, and gives [] from past the end or for an empty range", () => {
    expect(applyWindow([1, 2, 3], parseWindow({ begin: "1", end: "10" }))).toEqual([2, 3]);
    expect(applyWindow([1, 2, 3], parseWindow({ begin: "3" }))).toEqual([]);
    expect(applyWindow([1, 2, 3], parseWindow({ begin: "2147483647" }))).toEqual([]);
    expect(parseWindow({ begin: "7", end: "7" })).toEqual({ offset: 7, limit: 0 });
    expect(applyWindow(items, parseWindow({ begin: "7", end: "7" }))).toEqual([]);
  });

  it("accepts the bounds 0 and 2147483647, leading zeros and -0", () => {
    expect(parseWindow({ begin: "2147483647", end: "2147483647" })).toEqual({ offset: 2147483647, limit: 0 });
    expect(parseWindow({ begin: "007", end: "0010" })).toEqual({ offset: 7, limit: 3 });
    expect(parseWindow({ begin: "0000000000000000000001" })).toEqual({ offset: 1, limit: 1000 });
    expect(parseWindow({ begin: "-0" })).toEqual({ offset: 0, limit: 1000 });
  });

  it("answers INVALID_RANGE naming the parameter, begin first", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ begin: "-1" }, "begin"],
      [{ end: "-5" }, "end"],
      [{ begin: "5", end: "4" }, "end"],
      [{ begin: "2147483648" }, "begin"],
      [{ end: "2147483648" }, "end"],
      [{ begin: "99999999999999999999" }, "begin"],
      [{ begin: "abc" }, "begin"],
      [{ begin: "1.5" }, "begin"],
      [{ begin: "1e3" }, "begin"],
      [{ begin: "" }, "begin"],
      [{ begin: " 1" }, "begin"],
      [{ begin: "+1" }, "begin"],
      [{ begin: "0x10" }, "begin"],
      [{ begin: "１" }, "begin"],
      [{ begin: ["1", "2"] }, "begin"],
      [{ end: "" }, "end"],
      [{ begin: "x", end: "y" }, "begin"],
      [{ begin: "-1", end: "-2" }, "begin"],
      [{ begin: "10", end: "abc" }, "end"],
    ];
    for (const [query, name] of cases) {
      const error = rangeError(query);
      expect(error.code, JSON.stringify(query)).toBe("INVALID_RANGE");
      expect(error.detail, JSON.stringify(query)).toMatch(new RegExp(`^Parameter '${name}' `));
    }
  });
});

describe("parsePathId", () => {
  it("parses decimal ids and treats ids above 2^31-1 as unknown (null)", () => {
    expect(parsePathId("0", "id")).toBe(0);
    expect(parsePathId("42", "id")).toBe(42);
    expect(parsePathId("0042", "id")).toBe(42);
    expect(parsePathId("0000000000000000042", "id")).toBe(42);
    expect(parsePathId("2147483647", "id")).toBe(2147483647);
    expect(parsePathId("2147483648", "id")).toBeNull();
    expect(parsePathId("9".repeat(400), "id")).toBeNull();
  });

  it("refuses anything else with INVALID_FIELD naming the parameter", () => {
    for (const raw of ["", "-1", "1.0", "1e3", "abc", " 1", "１", "0x1", undefined, 5]) {
      expect(() => parsePathId(raw, "movie_id"), String(raw)).toThrow(
        expect.objectContaining({ code: "INVALID_FIELD", detail: expect.stringContaining("'movie_id'") }),
      );
    }
  });
});
