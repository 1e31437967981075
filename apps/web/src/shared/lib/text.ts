// Text limits count Unicode code points (API.md §1.7), not UTF-16 units.

/** The first `max` code points of `value` (an emoji is never cut in half). */
export function cutToCodePoints(value: string, max: number): string {
  let count = 0;
  let end = 0;
  for (const char of value) {
    if (count === max) return value.slice(0, end);
    count++;
    end += char.length;
  }
  return value;
}
