// Taste match between two members (API.md §4.12 [EXT]): agreement of their mean-centred ratings on the films both
// rated, shrunk toward 50 while few films back it.

/** Below this many co-rated films there is no match figure. */
export const TASTE_MATCH_MIN_CO_RATED = 3;
/** Shrinkage: with n co-rated films the agreement counts n / (n + K). */
export const TASTE_MATCH_SHRINK = 5;

/**
 * Each rating is centred on its member's own mean over all their ratings (generous and strict raters compare
 * fairly). Agreement = 2·Σ a·b / (Σ a² + Σ b²) ∈ [−1, 1]: 1 only when the centred ratings are equal, 0 for
 * unrelated ones, −1 for opposite ones (unlike a correlation it also counts how far apart they are). Both members
 * exactly at their means on every film agree fully.
 */
export function tasteMatch(
  pairs: ReadonlyArray<{ mine: number; theirs: number }>,
  myMean: number,
  theirMean: number,
): number | null {
  const n = pairs.length;
  if (n < TASTE_MATCH_MIN_CO_RATED) return null;
  let cross = 0;
  let squares = 0;
  for (const { mine, theirs } of pairs) {
    const a = mine - myMean;
    const b = theirs - theirMean;
    cross += a * b;
    squares += a * a + b * b;
  }
  const agreement = squares === 0 ? 1 : (2 * cross) / squares;
  const shrunk = (agreement * n) / (n + TASTE_MATCH_SHRINK);
  return Math.min(100, Math.max(0, Math.round(50 + 50 * shrunk)));
}
