// 평가하기 (issue #18): the rating queue, 관심없어요 (dismissed films) and similar films. The queue walks the in-memory
// catalog orders (catalog.ts) skipping the caller's exclusions — films with a visible review row and dismissed ones —
// which are read once per change of the member's data_version (bumped in its transaction by every review write that
// adds, removes, stars, marks or empties a review, and every dismissal); only the page's films are then read from the
// database, so a page costs the same at any depth.
import {
  MAX_ID,
  RATING_QUEUE_CAP,
  RATING_QUEUE_CATEGORIES,
  RATING_QUEUE_PAGE,
  type RatingQueueCategory,
  SIMILAR_LIMIT_DEFAULT,
  SIMILAR_LIMIT_MAX,
} from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { invalidField, notFound } from "../../http/errors.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import { parseWindow, type Window } from "../../http/window.js";
import { defineRegion, keepsWindow } from "../../cache/index.js";
import { type Clock, toTimestamp } from "../../lib/time.js";
import { inTransaction } from "../../lib/transaction.js";
import {
  COMPACT_MOVIE_TABLES,
  type CountedJson,
  compactMoviesCounted,
  compactMoviesJson,
  countedJsonSize,
  keptWithCut,
} from "../movies/index.js";
import type { RecommendService } from "../recommend/index.js";
import { type Catalog, createCatalogCache, genreOrder } from "./catalog.js";
import { createPermutation } from "./permutation.js";
import * as repo from "./repository.js";
import { createSimilarFilms } from "./similar.js";

export interface QueueQuery {
  category?: string;
  genre?: string;
  begin?: string;
  end?: string;
}

export interface QueueRequest {
  window: Window;
  category: RatingQueueCategory;
  /** The genre's name (category `genre`). */
  genre: string | null;
}

/** Checked in this order: begin, end, category, genre (the genre's existence needs the catalog: the service's). */
export function parseQueueQuery(query: QueueQuery): QueueRequest {
  const parsed = parseWindow(query);
  const window = {
    offset: parsed.offset,
    limit: query.end === undefined ? RATING_QUEUE_PAGE : Math.min(parsed.limit, RATING_QUEUE_CAP),
  };
  const category = RATING_QUEUE_CATEGORIES.find((c) => c === (query.category ?? "popular"));
  if (!category) throw invalidField("category", `must be one of ${RATING_QUEUE_CATEGORIES.join(", ")}`);
  if (category === "genre" && (query.genre === undefined || query.genre === "")) {
    throw invalidField("genre", "is required with category 'genre'");
  }
  return { window, category, genre: category === "genre" ? query.genre! : null };
}

/** `limit` of similar films: absent → 10; otherwise a decimal integer 1–30. */
export function parseSimilarLimit(raw: string | undefined): number {
  if (raw === undefined) return SIMILAR_LIMIT_DEFAULT;
  const value = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= 1 && value <= SIMILAR_LIMIT_MAX)) {
    throw invalidField("limit", `must be an integer from 1 to ${SIMILAR_LIMIT_MAX}`);
  }
  return value;
}

/** The UTC day number: the 랜덤 order changes once a day. */
const dayOf = (date: Date) => Math.floor(date.getTime() / 86_400_000);

// Films the member's lists leave out (reviewed or dismissed), under their data_version.
const exclusions = defineRegion<Set<number>>({
  name: "rating-exclusions",
  share: 0.02,
  stale: { token: "member" },
  keeps: "the films a member reviewed or dismissed (left out of 평가하기)",
  sizeOf: (ids) => 64 + ids.size * 16,
});

// A page of the queue as sent, per caller, their data_version (their reviews and dismissals leave the queue: it is
// part of the key) and window (the first pages only), until the cards' tables change (a rating moves an average).
const queuePages = defineRegion<KeptBody>({
  name: "rating-queue-pages",
  share: 0.02,
  stale: { token: "tables", tables: COMPACT_MOVIE_TABLES },
  keeps:
    "a page of a member's 평가하기 queue as sent (first pages), per data_version (예상 별점: and the ranking's token), category, genre and day",
  sizeOf: keptBodySize,
});
// The same pages cut at their cards' counters (movies/counted.ts), kept through ratings: after a star anywhere a page
// is sent again with one counters query, without walking the queue or putting its cards together again.
const queuePagesCounted = defineRegion<CountedJson>({
  name: "rating-queue-pages-counted",
  share: 0.01,
  stale: { token: "tables", tables: COMPACT_MOVIE_TABLES.filter((table) => table !== "movies") },
  keeps: "a page of a member's 평가하기 queue as sent (the same key), up to its cards' counters",
  sizeOf: countedJsonSize,
});

// Similar films as sent to everyone whose dismissed films are not among them, per film, limit and the model and
// catalog load they were found from, until the cards' tables change.
const similarAnswers = defineRegion<KeptBody>({
  name: "similar-answers",
  share: 0.01,
  stale: { token: "tables", tables: COMPACT_MOVIE_TABLES },
  keeps: "a film's similar films as sent (per limit), to readers who dismissed none of them",
  sizeOf: keptBodySize,
});

/** Positions of a 랜덤 order kept once computed: the first pages, which a member pages through again and again. */
const RANDOM_KEPT = 400;
// A 랜덤 order is a function of (member, day, catalog load): its first positions are kept under that key.
const randomOrders = defineRegion<Int32Array>({
  name: "random-orders",
  share: 0.01,
  stale: { token: "content" },
  keeps: "the first 400 films of a 랜덤 order (the key: member, day and catalog load)",
  sizeOf: (ids) => 64 + ids.byteLength,
});

export function createRatingService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  recommend: Pick<RecommendService, "predictedQueue" | "orderToken" | "currentModel">;
}) {
  const { db, clock, recommend } = deps;
  const catalog = createCatalogCache(db, clock);
  const similar = createSimilarFilms({ db, catalog, currentModel: recommend.currentModel });

  /** A member's data_version (their reviews and dismissals), or null when they are gone. */
  async function versionOf(userId: number): Promise<number | null> {
    return (await repo.memberVersion(db, userId)) ?? null;
  }

  /** Films the member's lists leave out, kept per member until their data_version moves. */
  async function excludedFor(userId: number | null): Promise<Set<number>> {
    if (userId === null) return new Set();
    const token = await versionOf(userId);
    // Rows read after the version: a write committing in between leaves the entry keyed older than its rows.
    return exclusions.get(db, { token }, String(userId), async () => new Set(await repo.memberExclusions(db, userId)));
  }

  /** The answer (JSON) of a list of films as poster cards. */
  const compactMovies = (ids: readonly number[]): Promise<string> => compactMoviesJson(db, ids);

  /** Positions [offset, offset + limit) of `order` once `excluded` is taken out. */
  function walk(length: number, at: (position: number) => number, excluded: Set<number>, window: Window): number[] {
    const page: number[] = [];
    let seen = 0;
    for (let p = 0; p < length && page.length < window.limit; p++) {
      const id = at(p);
      if (excluded.has(id)) continue;
      if (seen++ >= window.offset) page.push(id);
    }
    return page;
  }

  function popularWalk(list: Int32Array, excluded: Set<number>, window: Window): number[] {
    return walk(list.length, (p) => list[p]!, excluded, window);
  }

  async function queueIds(callerId: number | null, request: QueueRequest, cat: Catalog): Promise<number[]> {
    const { window } = request;
    if (request.category === "genre") {
      const list = genreOrder(cat, request.genre!);
      if (!list) throw invalidField("genre", "is not a known genre");
      if (window.limit === 0) return [];
      return popularWalk(list, await excludedFor(callerId), window);
    }
    if (window.limit === 0) return [];
    const excluded = await excludedFor(callerId);
    if (request.category === "random") {
      const key = (callerId ?? 0) * 100_003 + dayOf(clock.now());
      const permute = createPermutation(cat.ids.length, key);
      const kept = await randomOrders.get(db, { token: "" }, `${key}:${cat.generation}`, async () =>
        Int32Array.from({ length: Math.min(RANDOM_KEPT, cat.ids.length) }, (_, p) => cat.ids[permute(p)]!),
      );
      return walk(cat.ids.length, (p) => (p < kept.length ? kept[p]! : cat.ids[permute(p)]!), excluded, window);
    }
    if (request.category === "predicted" && callerId !== null) {
      // The recommender leaves out the member's reviewed and dismissed films already — the films of `excluded`, unless
      // a write landed between the two readings: the order is ranked as deep as the window, and deeper only when the
      // walk comes up short (a deep ranking costs several shallow ones).
      let want = Math.min(MAX_ID, window.offset + window.limit);
      for (;;) {
        const ranked = await recommend.predictedQueue(callerId, want);
        if (ranked === null) break; // Cold start: the popular order.
        const page = walk(ranked.length, (p) => ranked[p]!, excluded, window);
        if (page.length === window.limit || ranked.length < want || want === MAX_ID) return page;
        want = Math.min(MAX_ID, want * 4);
      }
    }
    return popularWalk(cat.popular, excluded, window);
  }

  /**
   * GET /api/rating/queue: one window of the category's order, minus what the caller reviewed or dismissed. A page is
   * kept until its cards' tables change; its key holds what else it depends on: the caller's data_version (read
   * before the page; visitors exclude nothing), the recommender's token (예상 별점), the day (랜덤), the catalog load.
   */
  async function queue(callerId: number | null, request: QueueRequest): Promise<KeptBody> {
    const cat = await catalog.get();
    const { category, genre, window } = request;
    const day = category === "random" ? dayOf(clock.now()) : 0;
    const version = callerId === null ? 0 : await versionOf(callerId);
    // 예상 별점 높은 pages are walked from the recommender's ranking, kept under its own token (the model and the
    // movie totals besides the member's version): the page is kept under it too.
    const order = category === "predicted" && callerId !== null ? await recommend.orderToken(callerId) : "";
    const key = [
      callerId ?? 0,
      version,
      order,
      category,
      genre ?? "",
      window.offset,
      window.limit,
      day,
      cat.generation,
    ].join();
    const keep = keepsWindow(window) && order !== null;
    return keptWithCut(
      db,
      { sent: queuePages, cut: queuePagesCounted },
      key,
      {
        cut: async () => compactMoviesCounted(db, await queueIds(callerId, request, cat)),
        whole: async () => compactMovies(await queueIds(callerId, request, cat)),
      },
      { keep },
    );
  }

  /** Genres the 장르별 tab offers: those with films, most films first. */
  async function genres(): Promise<string[]> {
    return (await catalog.get()).genres;
  }

  async function movieOr404(trx: Kysely<Database>, movieId: number | null): Promise<number> {
    if (movieId === null || !(await repo.movieExists(trx, movieId))) throw notFound("MOVIE_NOT_FOUND");
    return movieId;
  }

  /** PUT /api/movies/{id}/dismissed: idempotent; the member's caches (queue, recommendations) move with it. */
  async function dismiss(callerId: number, movieId: number | null): Promise<void> {
    await inTransaction(db, async (trx) => {
      const id = await movieOr404(trx, movieId);
      if (await repo.insertDismissal(trx, callerId, id, toTimestamp(clock.now()))) {
        await repo.bumpMemberVersion(trx, callerId);
      }
    });
  }

  /**
   * 관심없어요 restored by an import, inside the import's transaction: as PUT …/dismissed (any film, rated or not;
   * data_version moves when the mark is new). `missing` when the film is not in the catalogue.
   */
  async function restoreDismissalIn(
    trx: Kysely<Database>,
    callerId: number,
    movieId: number,
  ): Promise<"created" | "exists" | "missing"> {
    if (!(await repo.movieExists(trx, movieId))) return "missing";
    if (!(await repo.insertDismissal(trx, callerId, movieId, toTimestamp(clock.now())))) return "exists";
    await repo.bumpMemberVersion(trx, callerId);
    return "created";
  }

  /** DELETE /api/movies/{id}/dismissed: idempotent. */
  async function undismiss(callerId: number, movieId: number | null): Promise<void> {
    await inTransaction(db, async (trx) => {
      const id = await movieOr404(trx, movieId);
      if (await repo.deleteDismissal(trx, callerId, id)) await repo.bumpMemberVersion(trx, callerId);
    });
  }

  /** GET /api/users/me/dismissed: newest first. */
  async function listDismissed(callerId: number, window: Window): Promise<string> {
    if (window.limit === 0) return "[]";
    return compactMovies(await repo.dismissedWindow(db, callerId, window.offset, window.limit));
  }

  /** GET /api/movies/{id}/similar; a signed-in caller's dismissed films are left out. */
  async function similarTo(callerId: number | null, movieId: number | null, limit: number): Promise<KeptBody> {
    if (movieId === null || !(await repo.movieExists(db, movieId))) throw notFound("MOVIE_NOT_FOUND");
    const { ids, token } = await similar.similarIds(movieId);
    const dismissed = new Set(callerId === null ? [] : await repo.dismissedIds(db, callerId));
    if (ids.some((id) => dismissed.has(id))) {
      return KeptBody.of(await compactMovies(ids.filter((id) => !dismissed.has(id)).slice(0, limit)));
    }
    const build = async () => KeptBody.of(await compactMovies(ids.slice(0, limit)));
    return similarAnswers.get(db, `${movieId}:${limit}:${token}`, build);
  }

  return {
    queue,
    genres,
    dismiss,
    undismiss,
    restoreDismissalIn,
    listDismissed,
    similarTo,
    invalidateCatalog: catalog.invalidate,
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
