// People (participants, API.md §4.4): the person with the caller's like, their two credit groups, and like toggles.
import { inTransaction } from "../../lib/transaction.js";
import { DIRECTOR_KIND, Person, PersonCredits } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import { answerJson, defineRegion, keepsWindow } from "../../cache/index.js";
import { KeptBody, keptBodySize } from "../../http/json-reply.js";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import type { Window } from "../../http/window.js";
import type { Clock } from "../../lib/time.js";
import {
  cardCounters,
  type CountedJson,
  countedJson,
  countedJsonSize,
  readCatalogVersion,
  keptWithCut,
} from "../movies/index.js";
import { likedSet, toggleLike } from "../shared/index.js";
import { type CreditEntry, isCastKind, toCreditEntry, toPerson } from "./mapper.js";
import { findPerson, personCreditKinds, personCredits, type PersonCreditRow } from "./repository.js";

/** One entry per film: the rows come newest first and in billing order, so the first credit of a film wins. */
function group(rows: readonly PersonCreditRow[]): CreditEntry[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.movie_id) && seen.add(row.movie_id)).map(toCreditEntry);
}

interface Filmography {
  /** The distinct kinds of the person's credits (their roles). */
  kinds: string[];
  directed: CreditEntry[];
  cast: CreditEntry[];
}

// Credits, people and the films' titles, years and images change only with catalog changes, which renew the
// catalog version (migrations 0005 and 0006): a filmography is kept under the version read before its rows, so a
// change made by any process is seen on the next read. Averages are not kept: they are read for each window.
const filmographies = defineRegion<Filmography>({
  name: "person-filmographies",
  share: 0.04,
  stale: { token: "catalog" },
  keeps: "a person's credits grouped and sorted (a prolific person has thousands)",
  sizeOf: (f) => JSON.stringify(f).length * 2,
});
// A person page shows no film (its roles come from the credits; a film removed takes its credits with it): ratings
// leave it kept.
const peopleAnswers = defineRegion<KeptBody>({
  name: "people",
  share: 0.02,
  stale: { token: "tables", tables: ["people", "credits", "app_state"] },
  keeps: "a person page as sent to readers who do not like them",
  sizeOf: keptBodySize,
});
// The averages in a window move with every rating (a change of the movies table); the window cut at its films'
// averages (movies/counted.ts) is kept through ratings and sent again with one counters query.
const personWindows = defineRegion<KeptBody>({
  name: "person-movies",
  share: 0.02,
  stale: { token: "tables", tables: ["movies", "credits", "people", "app_state"] },
  keeps: "a window (first pages) of a person's films with their averages, as sent",
  sizeOf: keptBodySize,
});
const personWindowsCounted = defineRegion<CountedJson>({
  name: "person-movies-counted",
  share: 0.02,
  stale: { token: "tables", tables: ["credits", "people", "app_state"] },
  keeps: "a window of a person's films as sent, up to their averages (read again when it is sent)",
  sizeOf: countedJsonSize,
});

export function createPeopleService(db: Kysely<Database>, clock: Clock) {
  async function filmography(personId: number): Promise<Filmography> {
    const token = await readCatalogVersion(db);
    return filmographies.get(db, { token }, String(personId), async () => {
      const rows = await personCredits(db, personId);
      return {
        kinds: [...new Set(rows.map((r) => r.kind))],
        directed: group(rows.filter((r) => r.kind === DIRECTOR_KIND)),
        cast: group(rows.filter((r) => isCastKind(r.kind))),
      };
    });
  }

  async function personOr404(handle: Kysely<Database>, id: number | null) {
    const person = id === null ? undefined : await findPerson(handle, id);
    if (!person) throw notFound("PERSON_NOT_FOUND");
    return person;
  }

  /**
   * GET /api/participants/{id}, serialised. The answer for readers who do not like the person (visitors, most
   * members) is kept as JSON until the tables it reads change; a member who likes them gets it built.
   */
  async function personJson(id: number | null, callerId: number | null): Promise<string | KeptBody> {
    if (id === null) throw notFound("PERSON_NOT_FOUND");
    if ((await likedSet(db, "person_likes", callerId, [id])).has(id)) {
      return answerJson(Person, await personWithLike(id, true));
    }
    const build = async () => KeptBody.of(answerJson(Person, await personWithLike(id, false)));
    return peopleAnswers.get(db, String(id), build);
  }

  async function personWithLike(id: number, like: boolean): Promise<Person> {
    const person = await personOr404(db, id);
    return toPerson(person, (await filmography(person.id)).kinds, like);
  }

  /**
   * GET /api/participants/{id}/movies, serialised. Windows are kept as JSON until the tables they read change: the
   * averages in them move with every rating.
   */
  async function personMoviesJson(id: number | null, window: Window): Promise<KeptBody> {
    const person = await personOr404(db, id);
    const key = `${person.id}:${window.offset}:${window.limit}`;
    return keptWithCut(
      db,
      { sent: personWindows, cut: personWindowsCounted },
      key,
      {
        cut: async () => countedJson(PersonCredits, await personMovies(person.id, window)),
        whole: async () => answerJson(PersonCredits, await personMovies(person.id, window)),
      },
      { keep: keepsWindow(window) },
    );
  }

  async function personMovies(personId: number, window: Window): Promise<PersonCredits> {
    const { directed, cast } = await filmography(personId);
    const slice = (entries: CreditEntry[]) => entries.slice(window.offset, window.offset + window.limit);
    const shown = [slice(directed), slice(cast)] as const;
    const counters = await cardCounters(
      db,
      shown.flat().map((e) => e.id),
    );
    const withAverage = (entries: CreditEntry[]) =>
      entries.map((entry) => ({ ...entry, average_rating: counters.get(entry.id)?.average_rating ?? null }));
    return [
      { role: "감독", movies: withAverage(shown[0]) },
      { role: "출연", movies: withAverage(shown[1]) },
    ];
  }

  async function isLiked(id: number | null, callerId: number): Promise<boolean> {
    const person = await personOr404(db, id);
    return (await likedSet(db, "person_likes", callerId, [person.id])).has(person.id);
  }

  async function toggle(id: number | null, callerId: number): Promise<Person> {
    return inTransaction(db, async (trx) => {
      const found = await personOr404(trx, id);
      const like = await toggleLike(trx, "person_likes", callerId, found.id, clock.now());
      const [person, kinds] = await Promise.all([personOr404(trx, found.id), personCreditKinds(trx, found.id)]);
      return toPerson(person, kinds, like);
    });
  }

  return { personJson, personMoviesJson, isLiked, toggle };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
