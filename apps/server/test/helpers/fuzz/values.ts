// Building blocks of fuzz input: edge-case strings and numbers, JSON values of any shape, and per-field hints so a
// good share of bodies get past the first field and reach deeper rules (and the database).
import fc from "fast-check";
import { JsonPairs, type JsonLike, RawJson } from "./json-text.js";

/** Strings that have broken parsers, validators, SQL and counters somewhere. */
export const EDGE_STRINGS = [
  "",
  " ",
  " \t\n ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "a\ud83cb",
  "e\u0301\u0301\u0301",
  "Z\u0334\u0321\u031b\u0316a\u0337l\u0338g\u0335o",
  "\u202eevil\u202c",
  "\u200f\u05e9\u05dc\u05d5\u05dd",
  "مرحبا بالعالم",
  "🎬",
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "\ufeffbom",
  "\uffff\ufffe",
  "\u2028\u2029",
  "ㄱㅅㅊ",
  "기생충",
  "봉 준호",
  "'; drop table users; --",
  "' or '1'='1",
  "%",
  "_",
  "\\",
  '"',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "${7*7}{{7*7}}",
  "../../etc/passwd",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e308",
  "true",
  "0x1F",
  " 5 ",
  "５",
  "٣",
  "abc_12",
  "abcdef",
  "abcdef_1",
  "abcd1234?",
  "WatchList",
  "Watching",
  "https://example.com/a.png",
  "http://example.com/a.png",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/media/avatar/1.svg?v=00000000",
  `https://example.com/${"a".repeat(1000)}`,
];

/** Lengths just around every documented limit (100, 500, 10000) and far beyond, in 1- and 2-unit characters. */
export const LONG_STRINGS = [
  "x".repeat(20),
  "x".repeat(21),
  "x".repeat(100),
  "x".repeat(101),
  "가".repeat(101),
  " ".repeat(101),
  "x".repeat(500),
  "x".repeat(501),
  "x".repeat(10000),
  "x".repeat(10001),
  "가".repeat(10001),
  "🎬".repeat(5001),
  "🎬".repeat(10001),
  "\n".repeat(10001),
  "x".repeat(100_001),
];

export const stringValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
);

/** Number tokens as written in JSON: signed zero, overflow to Infinity, beyond 2^53 and 2^31, steps of 0.5. */
const NUMBER_TOKENS = [
  "0",
  "-0",
  "0.0",
  "0.5",
  "1",
  "1.0",
  "3",
  "4.5",
  "5",
  "5.5",
  "2.25",
  "4.50000000000001",
  "-1",
  "-0.5",
  "1e308",
  "-1e308",
  "1e999",
  "-1e999",
  "5e-324",
  "1E2",
  "2147483647",
  "2147483648",
  "4294967296",
  "9007199254740991",
  "9007199254740993",
  "123456789012345678901234567890",
];

export const numberValue: fc.Arbitrary<JsonLike> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUMBER_TOKENS).map((t) => new RawJson(t)) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 12 }) },
);

const scalar: fc.Arbitrary<JsonLike> = fc.oneof(
  { weight: 4, arbitrary: stringValue },
  { weight: 3, arbitrary: numberValue },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Any JSON value, nested a few levels (objects may carry "__proto__" and repeated keys). */
export const jsonValue: fc.Arbitrary<JsonLike> = fc.letrec<{ value: JsonLike }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: "small" },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom("__proto__", "a", "id"), fc.string({ maxLength: 6 })), tie("value")), {
          maxLength: 4,
        })
        .map((pairs) => new JsonPairs(pairs)),
    },
  ),
})).value;

/** Ids as JSON numbers: existing small ones mostly, and every malformed or out-of-range kind. */
const bodyId: fc.Arbitrary<JsonLike> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 14 }) },
  { weight: 3, arbitrary: numberValue },
  { weight: 1, arbitrary: scalar },
);

const idList: fc.Arbitrary<JsonLike> = fc.oneof(
  { weight: 8, arbitrary: fc.array(bodyId, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 1001 }, (_, i) => i + 1)) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 2000 }, () => 1)) },
  { weight: 1, arbitrary: jsonValue },
);

/** Free text that passes its rules, so writes reach the database. */
const plainText = fc.oneof(
  fc.constantFrom("좋은 영화였어요", "다시 보고 싶다\n두 번째 줄", "Title 1", "x", "퍼즈 🎬", "  앞뒤 공백  "),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
);
const text = fc.oneof({ weight: 3, arbitrary: plainText }, { weight: 2, arbitrary: stringValue });

/** Values that fit a known field more often than not, with every other kind of value mixed in. */
const FIELD_HINTS: Record<string, fc.Arbitrary<JsonLike>> = {
  content: text,
  title: text,
  overview: fc.oneof(text, fc.constant(null)),
  status_message: fc.oneof(text, fc.constant(null)),
  profile_url: fc.oneof(
    stringValue,
    fc.constantFrom("https://example.com/p.png", "http://example.com/p.png", "", null, "https://例え.jp/画像.png"),
  ),
  rating: fc.oneof(numberValue, fc.constantFrom(0, 0.5, 2, 3.5, 5, "4", true, null)),
  spoiler: fc.constantFrom(true, false, null, "true", 0, 1, "false"),
  status: fc.constantFrom("", "WatchList", "Watching", "watching", "WATCHLIST", " Watching", null, 1, []),
  movie_ids: idList,
  add_movie_ids: idList,
  delete_movie_ids: idList,
  username: fc.oneof(stringValue, fc.constantFrom("abc_12", "ab", "a".repeat(21), "fuzz-user", null)),
  login_id: fc.oneof(stringValue, fc.constantFrom("abcdef", "abc", "fuzz.login_1", null)),
  login_password: fc.oneof(stringValue, fc.constantFrom("abcd1234", "abcdEFGH", "abcd 1234", "a1!", null)),
};

export function fieldValue(name: string): fc.Arbitrary<JsonLike> {
  const hint = Object.hasOwn(FIELD_HINTS, name) ? FIELD_HINTS[name] : undefined;
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: jsonValue }) : jsonValue;
}
