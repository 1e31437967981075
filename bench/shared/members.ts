// The well-known bench members of `npm run bench:data`: benchmarks sign in as them (POST /api/auth/signin with
// login_id and password). Member number k (1-based) is user id k, login id `bench` + k zero-padded to 5 digits
// (bench00001, bench00002, …), all with the one shared password below. The large dataset has 1,000 of them, the small
// one 100; every member has at least 20 ratings (see bench/data/activity.ts).
export const BENCH_MEMBER_PASSWORD = "bench-pass-2025";

export const BENCH_MEMBER_COUNTS = { large: 1000, small: 100 } as const;

/** Login id of bench member `k` (1-based); the member's user id is also `k`. */
export function benchLoginId(k: number): string {
  return `bench${String(k).padStart(5, "0")}`;
}

/** User id of bench member `k` (1-based). */
export function benchMemberUserId(k: number): number {
  return k;
}
