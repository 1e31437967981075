// Deterministic companion of the random runs: every edge-case string in every free-text and format field, sent by
// a signed-in member. Each answer must conform, and a write that succeeds must store exactly what was sent (§1.7).
import type { InjectOptions } from "fastify";
import type { TestContext } from "../context.js";
import type { TestMember } from "../factories.js";
import { EDGE_STRINGS, LONG_STRINGS } from "./values.js";

interface SweepTarget {
  options: (s: string) => InjectOptions;
  /** Where a 2xx answer echoes the field, to compare with what was sent. */
  echo?: (body: Record<string, unknown>) => unknown;
  /** What a stored value becomes (whitespace-only content is stored as "", trimmed titles…). */
  stored?: (s: string) => unknown;
}

export function sweepTargets(ids: { movie: number; review: number; collection: number }): SweepTarget[] {
  const json = (method: InjectOptions["method"], url: string, payload: object): InjectOptions => ({
    method,
    url,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
  return [
    {
      options: (s) => json("PUT", `/api/reviews/movie/${ids.movie}/mine`, { content: s, rating: 3 }),
      echo: (b) => b.content,
      stored: (s) => (s.trim() === "" ? "" : s),
    },
    { options: (s) => json("POST", `/api/comments/${ids.review}`, { content: s }), echo: (b) => b.content },
    {
      options: (s) => json("POST", `/api/collection_comments/${ids.collection}`, { content: s }),
      echo: (b) => b.content,
    },
    {
      options: (s) => json("POST", "/api/collections", { title: s, overview: s }),
      echo: (b) => b.title,
      stored: (s) => s.trim(),
    },
    {
      options: (s) => json("PATCH", "/api/users/me", { status_message: s }),
      echo: (b) => b.status_message,
      stored: (s) => (s.trim() === "" ? null : s),
    },
    { options: (s) => json("PATCH", "/api/users/me", { profile_url: s }) },
    { options: (s) => json("PATCH", "/api/users/me", { username: s }) },
    { options: (s) => json("POST", "/api/users/signup", { username: s, login_id: s, login_password: s }) },
    { options: (s) => ({ method: "GET", url: `/api/search?search_q=${encodeURIComponent(wellFormed(s))}` }) },
    { options: (s) => ({ method: "GET", url: `/api/analysis/1?search_q=${encodeURIComponent(wellFormed(s))}` }) },
    { options: (s) => ({ method: "GET", url: `/api/movies?ids=${encodeURIComponent(wellFormed(s))}` }) },
  ];
}

const wellFormed = (s: string) => s.replace(/[\ud800-\udfff]/gu, "\ufffd");

/** Every string of the sweep: the edge cases, and the long ones cut to a URL-friendly size for query targets. */
export const SWEEP_STRINGS = [...EDGE_STRINGS, ...LONG_STRINGS.filter((s) => s.length <= 10_001)];

export async function sweep(
  ctx: TestContext,
  member: TestMember,
  targets: SweepTarget[],
  check: (options: InjectOptions, res: Awaited<ReturnType<TestContext["app"]["inject"]>>) => string[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const target of targets) {
    for (const s of SWEEP_STRINGS) {
      const options = target.options(s);
      if (options.method === "GET" && s.length > 2000) continue;
      const res = await ctx.app.inject({
        ...options,
        headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${member.accessToken}` },
      });
      const problems = check(options, res);
      if (res.statusCode < 300 && target.echo) {
        const echoed = target.echo(res.json<Record<string, unknown>>());
        const want = (target.stored ?? ((v: string) => v))(s);
        if (echoed !== want)
          problems.push(`stored ${JSON.stringify(echoed)?.slice(0, 60)} for ${JSON.stringify(s).slice(0, 60)}`);
      }
      if (problems.length) {
        failures.push(
          `${options.method} ${options.url} ${JSON.stringify(s).slice(0, 80)} → ${res.statusCode}: ${problems.join("; ")}`,
        );
      }
    }
  }
  return failures;
}
