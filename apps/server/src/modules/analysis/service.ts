// Taste analysis (API.md §4.11): computed from the member's current reviews with a few grouped queries, cached per
// member keyed by `users.data_version`, which every review write bumps in its own transaction, so a new, changed or
// deleted review shows on the next read. Entries also expire after CACHE_MAX_AGE_S, so catalogue edits (running
// times, credits) reach cached members too.
import { PreferenceAnalysis, RatingAnalysis } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import { LruCache } from "../../lib/lru.js";
import type { Clock } from "../../lib/time.js";
import { entityTotals, findMemberVersion, ratedMinutes, ratingCounts } from "./repository.js";
import { preferenceDict, rankedEntries, ratingAnalysis, type RatingSummary } from "./scores.js";

export const CACHE_ENTRIES = 10_000;
export const CACHE_MAX_AGE_S = 600;

interface Entry {
  version: number;
  computedAt: number;
  rating: RatingAnalysis;
  summary: RatingSummary;
  preference?: PreferenceAnalysis;
  /** The answers as sent, encoded through their response schemas once per entry. */
  ratingJson?: string;
  preferenceJson?: string;
}

export function createAnalysisService(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const cache = new LruCache<number, Entry>(CACHE_ENTRIES);

  async function entryFor(userId: number | null): Promise<Entry> {
    const member = userId === null ? undefined : await findMemberVersion(db, userId);
    if (!member) throw notFound("USER_NOT_FOUND");
    const now = clock.now().getTime();
    const hit = cache.get(member.id);
    if (hit && hit.version === member.data_version && now - hit.computedAt < CACHE_MAX_AGE_S * 1000) return hit;
    const [counts, minutes] = await Promise.all([ratingCounts(db, member.id), ratedMinutes(db, member.id)]);
    const { analysis, summary } = ratingAnalysis(
      member.id,
      counts.map((c) => ({ rating: Number(c.rating), n: Number(c.n) })),
      minutes,
    );
    const entry: Entry = { version: member.data_version, computedAt: now, rating: analysis, summary };
    cache.set(member.id, entry);
    return entry;
  }

  async function preferenceOf(entry: Entry): Promise<PreferenceAnalysis> {
    if (entry.preference) return entry.preference;
    const id = entry.rating.user_id;
    const [actors, directors, countries, genres] = await Promise.all(
      (["actor", "director", "country", "genre"] as const).map((c) => entityTotals(db, id, c)),
    );
    entry.preference = {
      user_id: id,
      actor_dict: preferenceDict(actors!, entry.summary),
      director_dict: preferenceDict(directors!, entry.summary),
      country_dict: preferenceDict(countries!, entry.summary),
      genre_dict: preferenceDict(genres!, entry.summary),
      ranked: {
        actor: rankedEntries(actors!, entry.summary),
        director: rankedEntries(directors!, entry.summary),
        country: rankedEntries(countries!, entry.summary),
        genre: rankedEntries(genres!, entry.summary),
      },
    };
    return entry.preference;
  }

  /** GET /api/analysis/{id}?search_q=rating, serialised. */
  async function ratingJson(userId: number | null): Promise<string> {
    const entry = await entryFor(userId);
    entry.ratingJson ??= JSON.stringify(z.encode(RatingAnalysis, entry.rating));
    return entry.ratingJson;
  }

  /** GET /api/analysis/{id}?search_q=preference, serialised. */
  async function preferenceJson(userId: number | null): Promise<string> {
    const entry = await entryFor(userId);
    entry.preferenceJson ??= JSON.stringify(z.encode(PreferenceAnalysis, await preferenceOf(entry)));
    return entry.preferenceJson;
  }

  return { ratingJson, preferenceJson };
}

export type AnalysisService = ReturnType<typeof createAnalysisService>;
