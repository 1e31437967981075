// lib/json-yielding.ts: the yielding parser answers exactly what JSON.parse answers — the same value for any JSON
// text, a SyntaxError for every text JSON.parse refuses — with containers split at any size, and it lets timers run
// while it reads a large text. No database.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJsonYielding } from "../src/lib/json-yielding.js";

/** JSON.parse's verdict: the value, or "refused". */
function reference(text: string): { value: unknown } | "refused" {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return "refused";
  }
}

async function verdict(text: string, splitChars: number): Promise<{ value: unknown } | "refused"> {
  try {
    return { value: await parseJsonYielding(text, { splitChars, sliceChars: 7 }) };
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return "refused";
  }
}

/** JSON text, compact or indented with JSON's whitespace characters. */
const spaced = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, " ", "\t", "\r", " \t\r"))
  .map(([value, indent]) => JSON.stringify(value, null, indent));

describe("parseJsonYielding", () => {
  it("gives JSON.parse's value for any JSON text, split at any size", async () => {
    await fc.assert(
      fc.asyncProperty(spaced, fc.integer({ min: 0, max: 64 }), async (text, split) => {
        expect(await verdict(text, split)).toEqual(reference(text));
      }),
      { numRuns: 400 },
    );
  });

  it("refuses exactly what JSON.parse refuses (texts cut, spliced or with a character changed)", async () => {
    const broken = fc
      .tuple(
        spaced,
        fc.nat(),
        fc.nat(),
        fc.constantFrom(",", "]", "}", "{", "[", ":", '"', "\\", " ", "x", "1", "\u00a0"),
      )
      .map(([text, a, b, char]) => {
        const i = text.length === 0 ? 0 : a % text.length;
        switch (b % 3) {
          case 0:
            return text.slice(0, i);
          case 1:
            return text.slice(0, i) + char + text.slice(i);
          default:
            return text.slice(0, i) + char + text.slice(i + 1);
        }
      });
    await fc.assert(
      fc.asyncProperty(broken, fc.integer({ min: 0, max: 32 }), async (text, split) => {
        expect(await verdict(text, split)).toEqual(reference(text));
      }),
      { numRuns: 1000 },
    );
    for (const text of ["", " ", "{", "[1,]", '{"a":1,}', '{"a" 1}', "[1 2]", '"\\"', "{}}", "[]x", "01", "\ufeff{}"]) {
      expect(await verdict(text, 0), text).toEqual(reference(text));
    }
  });

  it("keeps __proto__ an own property and lets the last duplicate key win, as JSON.parse", async () => {
    const text = '{"__proto__": {"polluted": true}, "a": 1, "a": [2, {"__proto__": 3}]}';
    const value = (await parseJsonYielding(text, { splitChars: 0 })) as Record<string, unknown>;
    expect(value).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(["__proto__", "a"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("lets other work run while it reads a large text", async () => {
    const big = JSON.stringify({
      format: "moviepedia",
      reviews: Array.from({ length: 60_000 }, (_, i) => ({
        id: i,
        movie: { title: `영화 ${i}` },
        content: "글 ".repeat(20),
      })),
    });
    // Another task that needs a turn of the event loop for each step: it advances only while the parser yields.
    let turns = 0;
    let done = false;
    const other = () => {
      turns++;
      if (!done) setImmediate(other);
    };
    setImmediate(other);
    const value = (await parseJsonYielding(big)) as { reviews: unknown[] };
    done = true;
    expect(value.reviews).toHaveLength(60_000);
    // Several megabytes, yielded every 256 KB (JSON.parse would give the other task no turn at all).
    expect(big.length).toBeGreaterThan(4_000_000);
    expect(turns).toBeGreaterThan(big.length / (256 * 1024));
  });
});
