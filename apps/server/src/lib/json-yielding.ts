// JSON.parse for large texts (a 10 MB import) that yields to the event loop as it goes: JSON.parse of 10 MB holds
// the event loop for over 100 ms, every request waiting meanwhile. Here containers larger than `splitChars` are read
// member by member and everything else (keys, small values) goes to JSON.parse, so the answer is JSON.parse's own —
// the same value, the same texts refused — and the work between two yields is bounded (sliceChars).
import { setImmediate as nextTurn } from "node:timers/promises";

export interface YieldingOptions {
  /** Objects and arrays larger than this are split into their members; smaller values go to JSON.parse whole. */
  splitChars?: number;
  /** Characters scanned or parsed between two yields to the event loop. */
  sliceChars?: number;
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** Structural characters a container's extent is found by (strings skipped whole). */
const BRACKETS = /["{}[\]]/g;
/** Where a number or literal ends. */
const SCALAR_END = /[,\]}\s]/g;

class YieldingJson {
  private at = 0;
  private readonly splitChars: number;
  private readonly sliceChars: number;
  private budget: number;

  constructor(
    private readonly text: string,
    options: YieldingOptions,
  ) {
    this.splitChars = options.splitChars ?? 32 * 1024;
    this.sliceChars = options.sliceChars ?? 256 * 1024;
    this.budget = this.sliceChars;
  }

  async document(): Promise<unknown> {
    this.whitespace();
    const value = await this.value();
    this.whitespace();
    if (this.at !== this.text.length) this.fail();
    return value;
  }

  private fail(): never {
    throw new SyntaxError(`Unexpected character in JSON at position ${this.at}`);
  }

  private async spend(chars: number): Promise<void> {
    this.budget -= chars;
    if (this.budget > 0) return;
    this.budget = this.sliceChars;
    await nextTurn();
  }

  private whitespace(): void {
    while (WHITESPACE.has(this.text.charCodeAt(this.at))) this.at++;
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) this.fail();
    this.at++;
  }

  /** End (exclusive) of the string whose opening quote is at `start`. */
  private stringEnd(start: number): number {
    for (let quote = this.text.indexOf('"', start + 1); quote !== -1; quote = this.text.indexOf('"', quote + 1)) {
      let backslashes = 0;
      while (this.text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
    }
    this.at = start;
    return this.fail();
  }

  /** End (exclusive) of the value starting at `start`: its extent only, JSON.parse judges what is inside. */
  private async valueEnd(start: number): Promise<number> {
    const first = this.text[start];
    if (first === '"') return this.stringEnd(start);
    if (first !== "{" && first !== "[") {
      SCALAR_END.lastIndex = start;
      return SCALAR_END.exec(this.text)?.index ?? this.text.length;
    }
    let depth = 0;
    let from = start;
    for (;;) {
      BRACKETS.lastIndex = from;
      const hit = BRACKETS.exec(this.text);
      if (!hit) {
        this.at = start;
        return this.fail();
      }
      await this.spend(hit.index - from);
      if (hit[0] === '"') {
        from = this.stringEnd(hit.index);
        continue;
      }
      from = hit.index + 1;
      depth += hit[0] === "{" || hit[0] === "[" ? 1 : -1;
      if (depth === 0) return from;
    }
  }

  private async value(): Promise<unknown> {
    const start = this.at;
    const end = await this.valueEnd(start);
    const first = this.text[start];
    if (end - start <= this.splitChars || (first !== "{" && first !== "[")) {
      this.at = end;
      await this.spend(end - start);
      return JSON.parse(this.text.slice(start, end));
    }
    return first === "{" ? this.object() : this.array();
  }

  private async object(): Promise<Record<string, unknown>> {
    this.expect("{");
    const out: Record<string, unknown> = {};
    this.whitespace();
    if (this.text[this.at] === "}") {
      this.at++;
      return out;
    }
    for (;;) {
      this.whitespace();
      if (this.text[this.at] !== '"') this.fail();
      const keyEnd = this.stringEnd(this.at);
      const key = JSON.parse(this.text.slice(this.at, keyEnd)) as string;
      this.at = keyEnd;
      this.whitespace();
      this.expect(":");
      this.whitespace();
      // As JSON.parse: an own property, whatever the key (`__proto__` included); the last of duplicate keys wins.
      Object.defineProperty(out, key, {
        value: await this.value(),
        writable: true,
        enumerable: true,
        configurable: true,
      });
      this.whitespace();
      if (this.text[this.at] === ",") {
        this.at++;
        continue;
      }
      this.expect("}");
      return out;
    }
  }

  private async array(): Promise<unknown[]> {
    this.expect("[");
    const out: unknown[] = [];
    this.whitespace();
    if (this.text[this.at] === "]") {
      this.at++;
      return out;
    }
    for (;;) {
      this.whitespace();
      out.push(await this.value());
      this.whitespace();
      if (this.text[this.at] === ",") {
        this.at++;
        continue;
      }
      this.expect("]");
      return out;
    }
  }
}

/** JSON.parse(text), yielding to the event loop every few hundred kilobytes; a SyntaxError for what it refuses. */
export function parseJsonYielding(text: string, options: YieldingOptions = {}): Promise<unknown> {
  return new YieldingJson(text, options).document();
}
