// Setup and checks around a write load (helpers/write-load.ts) on real server processes.
import { api } from "./server-process.js";
import { type Ledger, type LoadMember, newMember } from "./write-load.js";

/** Catalog ids to write against (movies, and people credited on the first few), and members with a session each. */
export async function prepare(base: string, members: number) {
  const movies = (await api(base, "GET", "/api/movies?end=400")).body as Array<{ id: number }>;
  const personIds = new Set<number>();
  for (const { id } of movies.slice(0, 6)) {
    const movie = (await api(base, "GET", `/api/movies/${id}`)).body as { participants: Array<{ id: number }> };
    movie.participants.slice(0, 3).forEach((p) => personIds.add(p.id));
  }
  const loadMembers: LoadMember[] = await Promise.all(Array.from({ length: members }, () => newMember(base)));
  return { movieIds: movies.map((m) => m.id), personIds: [...personIds], members: loadMembers };
}

/** Every acknowledged write of the ledger, read back through the API of a (restarted) server. */
export async function missingWrites(base: string, ledger: Ledger): Promise<string[]> {
  const checks: Array<() => Promise<string | null>> = [];
  for (const s of ledger.signups) {
    checks.push(async () => {
      const res = await api(base, "GET", `/api/users/profile/${s.id}`);
      return res.status === 200 && (res.body as { username: string }).username === s.username ? null : `signup ${s.id}`;
    });
  }
  const lastRating = new Map<string, Ledger["ratings"][number]>();
  for (const r of ledger.ratings) lastRating.set(`${r.member.id}:${r.movieId}`, r);
  for (const r of lastRating.values()) {
    checks.push(async () => {
      const res = await api(base, "GET", `/api/reviews/movie/${r.movieId}/mine`, { token: r.member.token });
      const ok = res.status === 200 && (res.body as { rating: number }).rating === r.rating;
      return ok ? null : `rating ${r.rating} of movie ${r.movieId} by ${r.member.id}: ${res.status}`;
    });
  }
  for (const c of ledger.collections) {
    checks.push(async () => {
      const res = await api(base, "GET", `/api/collections/${c.id}`);
      const body = res.body as { title: string; movies: Array<{ id: number }> };
      const ok =
        res.status === 200 && body.title === c.title && body.movies.map((m) => m.id).join() === c.movieIds.join();
      return ok ? null : `collection ${c.id}: ${res.status}`;
    });
  }
  for (const l of ledger.likes.filter((like) => like.liked !== null && !like.pending)) {
    checks.push(async () => {
      const res = await api(base, "GET", `/api/participants/like/${l.personId}`, { token: l.member.token });
      return res.body === l.liked
        ? null
        : `like of person ${l.personId} by ${l.member.id}: ${JSON.stringify(res.body)}`;
    });
  }
  const missing: string[] = [];
  for (let i = 0; i < checks.length; i += 16) {
    const results = await Promise.all(checks.slice(i, i + 16).map((check) => check()));
    missing.push(...results.filter((r): r is string => r !== null));
  }
  return missing;
}

export const acknowledged = (l: Ledger) =>
  l.signups.length + l.ratings.length + l.collections.length + l.likes.filter((x) => x.liked !== null).length;
