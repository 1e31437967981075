// A write load over real HTTP (signups, rating PUTs, person like toggles, collection creates) that keeps a ledger of
// every write the server acknowledged (2xx), so a test can check after a crash or a race that each one is there.
// Workers share members but never a (member, movie) or (member, person) pair: worker w acts as member w mod M on
// its own lane of movies and people, so the last acknowledged write of a pair is its state unless a later one was
// cut off by a crash.
import { api } from "./server-process.js";

export interface LoadMember {
  id: number;
  token: string;
}

export interface Ledger {
  signups: Array<{ id: number; username: string }>;
  ratings: Array<{ member: LoadMember; movieId: number; rating: number }>;
  collections: Array<{ member: LoadMember; id: number; title: string; movieIds: number[] }>;
  /** Per member and person: the last acknowledged like state, and whether a later toggle went unanswered. */
  likes: Array<{ member: LoadMember; personId: number; liked: boolean | null; pending: boolean }>;
  /** Answers other than 2xx (none is expected: every request is valid) and requests the network cut (expected only
   * around a crash). */
  failures: Array<{ path: string; status: number; body: unknown }>;
  cut: number;
}

export function emptyLedger(): Ledger {
  return { signups: [], ratings: [], collections: [], likes: [], failures: [], cut: 0 };
}

let tags = 0;
export async function newMember(base: string): Promise<LoadMember> {
  const tag = `${process.pid}${++tags}${Math.random().toString(36).slice(2, 6)}`;
  const body = {
    username: `load_${tag}`.slice(0, 20),
    login_id: `load_${tag}`.slice(0, 20),
    login_password: "abcd1234",
  };
  const signup = await api(base, "POST", "/api/users/signup", { body });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${JSON.stringify(signup.body)}`);
  const signin = await api(base, "POST", "/api/users/signin", {
    body: { login_id: body.login_id, login_password: body.login_password },
  });
  if (signin.status !== 201) throw new Error(`signin ${signin.status} ${JSON.stringify(signin.body)}`);
  return { id: (signup.body as { id: number }).id, token: (signin.body as { access_token: string }).access_token };
}

export interface LoadOptions {
  /** Servers to spread requests over (round robin); one for a single instance. */
  bases: string[];
  /** Concurrent workers: a multiple of the number of members. */
  workers: number;
  members: LoadMember[];
  movieIds: number[];
  personIds: number[];
  /** Keep going while this returns true (checked before each request). */
  running: () => boolean;
}

/** Runs the workers until `running()` turns false or the server stops answering. */
export async function writeLoad(options: LoadOptions, ledger: Ledger = emptyLedger()): Promise<Ledger> {
  const lanes = Math.ceil(options.workers / options.members.length);
  const lane = <T>(items: T[], n: number) => items.filter((_, i) => i % lanes === n);
  await Promise.all(
    Array.from({ length: options.workers }, (_, w) => {
      const n = Math.floor(w / options.members.length);
      const own = { ...options, movieIds: lane(options.movieIds, n), personIds: lane(options.personIds, n) };
      if (own.personIds.length === 0) throw new Error(`lane ${n} has no people: pass at least ${lanes} person ids`);
      return worker(own, ledger, options.members[w % options.members.length]!, w);
    }),
  );
  return ledger;
}

async function worker(o: LoadOptions, ledger: Ledger, member: LoadMember, w: number): Promise<void> {
  const likes = o.personIds.map((personId) => ({ member, personId, liked: null as boolean | null, pending: false }));
  ledger.likes.push(...likes);
  let rated = 0;
  for (let i = 0; o.running(); i++) {
    const base = o.bases[(w + i) % o.bases.length]!;
    const op = i % 8;
    let path = "";
    try {
      if (op === 7) {
        path = "/api/users/signup";
        const tag = `s${w}_${i}_${Math.random().toString(36).slice(2, 6)}`;
        const res = await api(base, "POST", path, {
          body: { username: tag, login_id: `id_${tag}`, login_password: "abcd1234" },
        });
        if (res.status === 201) ledger.signups.push({ id: (res.body as { id: number }).id, username: tag });
        else record(ledger, path, res);
      } else if (op % 3 === 0) {
        // Each rating goes to the next movie of the lane: a pair is rated again only after a full round.
        const movieId = o.movieIds[rated++ % o.movieIds.length]!;
        const rating = ((i % 10) + 1) / 2;
        path = `/api/reviews/movie/${movieId}/mine`;
        const res = await api(base, "PUT", path, { token: member.token, body: { rating } });
        if (res.status < 300) ledger.ratings.push({ member, movieId, rating });
        else record(ledger, path, res);
      } else if (op % 3 === 1) {
        const like = likes[i % likes.length]!;
        path = `/api/participants/like/${like.personId}`;
        like.pending = true;
        const res = await api(base, "PATCH", path, { token: member.token });
        if (res.status === 200) Object.assign(like, { liked: (res.body as { like: boolean }).like, pending: false });
        else record(ledger, path, res);
      } else {
        const movieIds = [o.movieIds[i % o.movieIds.length]!, o.movieIds[(i * 7 + 1) % o.movieIds.length]!];
        const title = `부하 컬렉션 ${w}-${i}`;
        path = "/api/collections";
        const res = await api(base, "POST", path, { token: member.token, body: { title, movie_ids: movieIds } });
        if (res.status === 201) {
          ledger.collections.push({
            member,
            id: (res.body as { id: number }).id,
            title,
            movieIds: [...new Set(movieIds)],
          });
        } else record(ledger, path, res);
      }
    } catch {
      // The connection was cut (the server died): this write may or may not have happened.
      ledger.cut++;
      return;
    }
  }
}

function record(ledger: Ledger, path: string, res: { status: number; body: unknown }): void {
  ledger.failures.push({ path, status: res.status, body: res.body });
}
