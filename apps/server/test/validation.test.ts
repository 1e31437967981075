// Schema failures → API errors (http/validation.ts): MISSING vs INVALID, TEXT_TOO_LONG, INVALID_JSON, windows.
import { text } from "@moviepedia/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JSON_NULL_BODY } from "../src/http/body-parser.js";
import type { ApiError } from "../src/http/errors.js";
import { parseWith } from "../src/http/validation.js";

const Body = z.object({ name: z.string(), content: text(5).optional(), count: z.number().optional() });

function failure(data: unknown, part = "body"): { code: string; detail: string } {
  try {
    parseWith(Body, data, part);
  } catch (error) {
    return { code: (error as ApiError).code, detail: (error as ApiError).detail };
  }
  throw new Error("expected a failure");
}

describe("parseWith", () => {
  it("tells an absent field from a null or mistyped one", () => {
    expect(failure({})).toEqual({ code: "MISSING_FIELD", detail: "Field 'name' is required." });
    expect(failure({ name: undefined })).toEqual({ code: "MISSING_FIELD", detail: "Field 'name' is required." });
    expect(failure({ name: null })).toEqual({ code: "INVALID_FIELD", detail: "Field 'name' must be a string." });
    expect(failure({ name: 5 })).toEqual({ code: "INVALID_FIELD", detail: "Field 'name' must be a string." });
    expect(failure({ name: "a", count: "5" })).toEqual({
      code: "INVALID_FIELD",
      detail: "Field 'count' must be a number.",
    });
  });

  it("answers TEXT_TOO_LONG for free-text fields only, counting code points", () => {
    expect(parseWith(Body, { name: "a", content: "😀😀😀😀😀" }, "body").content).toBe("😀😀😀😀😀");
    expect(failure({ name: "a", content: "123456" })).toEqual({
      code: "TEXT_TOO_LONG",
      detail: "Field 'content' must be at most 5 characters.",
    });
    const NotFree = z.object({ name: text(3) });
    expect(() => parseWith(NotFree, { name: "abcd" }, "body")).toThrow(
      expect.objectContaining({ code: "INVALID_FIELD" }),
    );
  });

  it("treats no body as {} and a non-object body as INVALID_JSON", () => {
    expect(failure(undefined).code).toBe("MISSING_FIELD");
    expect(failure(null).code).toBe("MISSING_FIELD");
    for (const data of [JSON_NULL_BODY, [], "x", 1, true]) expect(failure(data).code).toBe("INVALID_JSON");
  });

  it("names query parameters and maps bad windows to INVALID_RANGE", () => {
    const Query = z.object({ q: z.string(), begin: z.string().optional() });
    expect(() => parseWith(Query, {}, "querystring")).toThrow(
      expect.objectContaining({ code: "MISSING_FIELD", detail: "Parameter 'q' is required." }),
    );
    expect(() => parseWith(Query, { q: "x", begin: ["1", "2"] }, "querystring")).toThrow(
      expect.objectContaining({ code: "INVALID_RANGE", detail: expect.stringContaining("'begin'") }),
    );
  });
});
