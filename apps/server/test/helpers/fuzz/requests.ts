// One generated request per run: path segments, query pairs, body, content type, credentials. The arbitrary
// produces a plain description (what fast-check prints for a counterexample); `toInject` turns it into inject options.
import fc from "fast-check";
import { toJsonText } from "./json-text.js";
import { fieldValue, jsonValue, stringValue } from "./values.js";
import { JsonPairs, type JsonLike } from "./json-text.js";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export interface FuzzRoute {
  method: Method;
  /** Fastify's pattern, `:a|:b` where two routes share a position. */
  url: string;
  params: string[];
  query: string[];
  body: string[];
}

export type BodySpec =
  { kind: "none" } | { kind: "json"; value: JsonLike } | { kind: "raw"; text: string } | { kind: "huge" };

export interface RequestSpec {
  method: Method;
  /** URL text of each path parameter (already encoded, or deliberately malformed). */
  segments: string[];
  query: Array<[string, string]>;
  body: BodySpec;
  /** null: no Content-Type header. */
  contentType: string | null;
  /** Index into the world's Authorization variants; 0 = no header. */
  auth: number;
  /** Index into the world's Cookie variants; 0 = no header. */
  cookie: number;
}

/** Percent-encoded UTF-8 of any string (a lone surrogate, which has no UTF-8 form, becomes U+FFFD). */
const urlText = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/gu, "\ufffd"));

/** Path id text, in URL form: every malformed, negative, enormous and unicode kind, and existing small ids. */
const SEGMENTS = [
  "0",
  "1",
  "2",
  "3",
  "5",
  "8",
  "13",
  "-1",
  "-0",
  "+1",
  "007",
  "1.0",
  "1e3",
  "0x1",
  "2147483647",
  "2147483648",
  "4294967296",
  "9007199254740993",
  "99999999999999999999",
  "abc",
  "NaN",
  "null",
  "%20",
  "%00",
  "1%00",
  "%ZZ",
  "%",
  "%E2%80%AE1",
  "%F0%9F%8E%AC",
  "%EC%98%81%ED%99%94",
  "%EF%BC%95",
  "%D9%A3",
  "1%2F2",
  "..",
  "kakao",
  "google",
  "KAKAO",
  "naver",
  "",
];

const provider = fc.oneof(
  { weight: 6, arbitrary: fc.constant("kakao") },
  { weight: 1, arbitrary: fc.constantFrom("google", "KAKAO", "naver", "%ZZ", "kakao%00", "providers") },
);

const segment = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 14 }).map(String) },
  { weight: 3, arbitrary: fc.constantFrom(...SEGMENTS) },
  { weight: 1, arbitrary: stringValue.map((s) => urlText(s.slice(0, 64))) },
);

const WINDOW_VALUES = [
  "0",
  "1",
  "3",
  "10",
  "-1",
  "-0",
  "2147483647",
  "2147483648",
  "99999999999999999999",
  "1.5",
  "1e3",
  " 1",
  "+1",
  "0x5",
  "",
  "abc",
  "５",
  "00010",
];
/** Plausible values per query parameter (so a share of requests pass validation), then anything. */
const QUERY_HINTS: Record<string, string[]> = {
  begin: WINDOW_VALUES,
  end: WINDOW_VALUES,
  sort: ["oldest", "recent", "likes", "OLDEST", "random", ""],
  has_content: ["true", "false", "TRUE", "1", ""],
  following: ["true", "false", "yes"],
  expand: ["true", "false", "1"],
  chart_type: ["box_office", "watcha_buying", "watcha10", "netflix", "BOX_OFFICE", "imdb"],
  ids: [
    "1,2,3",
    "3,1,3",
    "1,,2",
    "",
    "1,-2",
    "a,b",
    " 1, 2",
    "2147483648",
    Array.from({ length: 101 }, (_, i) => i + 1).join(","),
  ],
  search_q: [
    "rating",
    "preference",
    "rating",
    "preference",
    "Rating",
    "기생충",
    "ㄱㅅㅊ",
    "퍼즈",
    "테스트",
    "영화 4",
    "   ",
    "",
  ],
  limit: ["1", "10", "50", "51", "0", "-1", "1.5", ""],
  code: ["abc", ""],
  state: ["abc", ""],
};
const GLOBAL_QUERY = Object.keys(QUERY_HINTS);

function queryValue(key: string): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .constantFrom(...(Object.hasOwn(QUERY_HINTS, key) ? QUERY_HINTS[key]! : WINDOW_VALUES))
        .map(encodeURIComponent),
    },
    { weight: 2, arbitrary: stringValue.map((s) => urlText(s.slice(0, 200))) },
    // Raw text: '+' is a space, a lone '%' is bad percent-encoding.
    { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "a+b", "%2B1", "1;2", "&", "=") },
  );
}

function queryPairs(route: FuzzRoute): fc.Arbitrary<Array<[string, string]>> {
  const key = fc.oneof(
    { weight: 6, arbitrary: route.query.length ? fc.constantFrom(...route.query) : fc.constantFrom(...GLOBAL_QUERY) },
    { weight: 1, arbitrary: fc.constantFrom(...GLOBAL_QUERY, "__proto__", "begin[]") },
  );
  const pair = key.chain((k) => fc.tuple(fc.constant(k), queryValue(k)));
  return fc.oneof(fc.constant<Array<[string, string]>>([]), fc.array(pair, { minLength: 1, maxLength: 4 }));
}

function bodyArb(route: FuzzRoute): fc.Arbitrary<BodySpec> {
  const fields = route.body.length ? route.body : ["content", "title", "rating"];
  const member = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...fields).chain((k) => fc.tuple(fc.constant(k), fieldValue(k))) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("__proto__", "constructor", "id", "user_id", ""), jsonValue) },
  );
  const object = fc.array(member, { maxLength: fields.length + 1 }).map((pairs) => new JsonPairs(pairs));
  // Routes that take a body mostly get objects of their own fields; the others mostly none.
  const takesBody = route.body.length > 0;
  return fc.oneof(
    { weight: takesBody ? 2 : 12, arbitrary: fc.constant<BodySpec>({ kind: "none" }) },
    { weight: takesBody ? 16 : 2, arbitrary: object.map((value): BodySpec => ({ kind: "json", value })) },
    { weight: 1, arbitrary: jsonValue.map((value): BodySpec => ({ kind: "json", value })) },
    { weight: 2, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant<BodySpec>({ kind: "huge" }) },
  );
}

const RAW_BODIES = [
  "{",
  "}",
  '{"a":',
  "[1,2",
  "nul",
  "'x'",
  "{'a':1}",
  '{"a":1,}',
  "\u0000",
  "\ufeff{}",
  "{} {}",
  "undefined",
  "NaN",
  "[]",
  "1",
  '"s"',
  "null",
  "true",
  " ",
  '{"content":"\\ud800"}',
  '{"content":"\\u0000"}',
  '{"rating":1,"rating":"x"}',
  '{"title":"\\udfff\\ud800"}',
  `${"[".repeat(20000)}${"]".repeat(20000)}`,
  `{"a":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`,
  "content=hello&rating=5",
  "--x\r\nContent-Disposition: form-data",
];
const rawBody: fc.Arbitrary<BodySpec> = fc.oneof(
  fc.constantFrom(...RAW_BODIES).map((text): BodySpec => ({ kind: "raw", text })),
  fc.string({ unit: "binary", maxLength: 40 }).map((text): BodySpec => ({ kind: "raw", text })),
);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json;charset=UTF-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "text/json",
  "application/json-patch+json",
  "",
  "*/*",
];

/** `valid`: indexes of the Authorization variants that authenticate a member (half of all requests use one). */
export function requestArb(
  route: FuzzRoute,
  credentials: { auth: number; valid: number[]; cookies: number },
): fc.Arbitrary<RequestSpec> {
  return fc.record({
    method: fc.oneof(
      { weight: 19, arbitrary: fc.constant(route.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    segments: fc.tuple(...route.params.map((name) => (name.includes("provider") ? provider : segment))),
    query: queryPairs(route),
    body: bodyArb(route),
    contentType: fc.oneof(
      { weight: 12, arbitrary: fc.constant("application/json") },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    auth: fc.oneof(
      { weight: 1, arbitrary: fc.constant(0) },
      { weight: 4, arbitrary: fc.constantFrom(...credentials.valid) },
      { weight: 3, arbitrary: fc.nat(credentials.auth - 1) },
    ),
    cookie: fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.nat(credentials.cookies - 1) },
    ),
  });
}

const PARAM = /:[A-Za-z_]+(?:\|:[A-Za-z_]+)*/g;
const HUGE_BODY = JSON.stringify({ content: "x".repeat(1024 * 1024 + 16) });

export function urlOf(route: FuzzRoute, spec: RequestSpec): string {
  let i = 0;
  const path = route.url.replace(PARAM, () => spec.segments[i++] ?? "");
  const query = spec.query.map(([k, v]) => `${encodeURIComponent(k)}=${v}`).join("&");
  return query ? `${path}?${query}` : path;
}

export function bodyText(body: BodySpec): string | undefined {
  switch (body.kind) {
    case "none":
      return undefined;
    case "json":
      return toJsonText(body.value);
    case "raw":
      return body.text;
    case "huge":
      return HUGE_BODY;
  }
}
