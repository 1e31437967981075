// Display rules of the movie page (SPEC §2).

/** Running time as hours and minutes: 132 → "2시간 12분", 120 → "2시간", 45 → "45분". */
export function formatRunningTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}분`;
  return rest === 0 ? `${hours}시간` : `${hours}시간 ${rest}분`;
}

/** The synopsis as lines: real newlines and the literal two-character sequence `\n` both break a line. */
export function synopsisLines(synopsis: string): string[] {
  return synopsis.split(/\r\n|\r|\n|\\n/);
}

/** "2019 · 드라마, 스릴러 · 한국": the parts that exist. */
export function movieFacts(movie: { year: number; genres: string[]; countries: string[] }): string {
  return [String(movie.year), movie.genres.join(", "), movie.countries.join(", ")].filter(Boolean).join(" · ");
}

/** A credit's raw role ("주연 | 기택") split into its kind and character name. */
export function splitCreditRole(role: string): { kind: string; character: string | null } {
  const [kind = "", ...rest] = role.split(" | ");
  const character = rest.join(" | ").trim();
  return { kind: kind.trim(), character: character || null };
}
