// Taste analysis (API.md §4.11): computed from the member's current reviews with a few grouped queries, cached per
// member keyed by `users.data_version`, which every review write bumps in its own transaction (but a reworded comment
// or a spoiler flag: analyses read neither), so a new, changed or deleted review shows on the next read. Entries also expire after CACHE_MAX_AGE_S, so catalogue edits (running
// times, credits) reach cached members too.
import { PreferenceAnalysis, RatingAnalysis } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { answerJson, defineRegion, type Freshness } from "../../cache/index.js";
import type { Clock } from "../../lib/time.js";
import { entityTotals, findMemberVersion, ratedMinutes, ratingCounts } from "./repository.js";
import { preferenceDict, rankedEntries, ratingAnalysis, type RatingSummary } from "./scores.js";

export const CACHE_MAX_AGE_S = 600;

interface RatingEntry {
  /** The answer as sent. */
  json: string;
  summary: RatingSummary;
}

// Under the member's data_version (moved by every review write an analysis can see), and at most
// CACHE_MAX_AGE_S old (catalogue edits: running times, credits).
const ratings = defineRegion<RatingEntry>({
  name: "analysis-rating",
  share: 0.02,
  stale: { token: "member", maxAgeS: CACHE_MAX_AGE_S },
  keeps: "a member's rating analysis as sent, with the summary the preference analysis uses",
  sizeOf: (e) => e.json.length * 2 + 256,
});
const preferences = defineRegion<KeptBody>({
  name: "analysis-preference",
  share: 0.02,
  stale: { token: "member", maxAgeS: CACHE_MAX_AGE_S },
  keeps: "a member's preference analysis (actors, directors, countries, genres) as sent",
  sizeOf: keptBodySize,
});

export function createAnalysisService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;

  async function memberOr404(userId: number | null) {
    const member = userId === null ? undefined : await findMemberVersion(db, userId);
    if (!member) throw notFound("USER_NOT_FOUND");
    return { id: member.id, fresh: { token: member.data_version, now: clock.now().getTime() } };
  }

  function ratingEntry(id: number, fresh: Freshness): Promise<RatingEntry> {
    return ratings.get(db, fresh, String(id), async () => {
      const [counts, minutes] = await Promise.all([ratingCounts(db, id), ratedMinutes(db, id)]);
      const { analysis, summary } = ratingAnalysis(
        id,
        counts.map((c) => ({ rating: Number(c.rating), n: Number(c.n) })),
        minutes,
      );
      return { json: answerJson(RatingAnalysis, analysis), summary };
    });
  }

  /** GET /api/analysis/{id}?search_q=rating, serialised. */
  async function ratingJson(userId: number | null): Promise<string> {
    const { id, fresh } = await memberOr404(userId);
    return (await ratingEntry(id, fresh)).json;
  }

  /** GET /api/analysis/{id}?search_q=preference, serialised. */
  async function preferenceJson(userId: number | null): Promise<KeptBody> {
    const { id, fresh } = await memberOr404(userId);
    return preferences.get(db, fresh, String(id), async () => {
      const { summary } = await ratingEntry(id, fresh);
      const [actors, directors, countries, genres] = await Promise.all(
        (["actor", "director", "country", "genre"] as const).map((c) => entityTotals(db, id, c)),
      );
      const preference: PreferenceAnalysis = {
        user_id: id,
        actor_dict: preferenceDict(actors!, summary),
        director_dict: preferenceDict(directors!, summary),
        country_dict: preferenceDict(countries!, summary),
        genre_dict: preferenceDict(genres!, summary),
        ranked: {
          actor: rankedEntries(actors!, summary),
          director: rankedEntries(directors!, summary),
          country: rankedEntries(countries!, summary),
          genre: rankedEntries(genres!, summary),
        },
      };
      return KeptBody.of(answerJson(PreferenceAnalysis, preference));
    });
  }

  return { ratingJson, preferenceJson };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
