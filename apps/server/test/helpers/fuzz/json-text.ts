// JSON text with what JSON.stringify cannot write: `-0`, `1e999`, 30-digit integers, repeated keys and a literal
// "__proto__" key. Fuzz bodies are values with RawJson leaves and JsonPairs objects, serialised here, so the
// server's parser sees exactly the edge case (JSON.stringify(-0) sends "0"; 1e999 becomes null).

/** A token written verbatim into the JSON text. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON object as its member list: keys may repeat and may be "__proto__". */
export class JsonPairs {
  constructor(readonly pairs: Array<[string, JsonLike]>) {}
}

export type JsonLike = RawJson | JsonPairs | string | number | boolean | null | JsonLike[];

export function toJsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof JsonPairs) {
    return `{${value.pairs.map(([key, v]) => `${JSON.stringify(key)}:${toJsonText(v)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  // JSON.stringify writes lone surrogates as \udXXX escapes (well-formed JSON.stringify), and NaN/Infinity as null.
  return JSON.stringify(value);
}
