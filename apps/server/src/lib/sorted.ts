/** Position of `value` in an ascending array, or −1 (binary search). */
export function indexOfSorted(values: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = values[mid]!;
    if (v === value) return mid;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
