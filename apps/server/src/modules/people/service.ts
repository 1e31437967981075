// People (participants, API.md §4.4): the person with the caller's like, their two credit groups, and like toggles.
import { DIRECTOR_KIND, type Person, type PersonCredits } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { notFound } from "../../http/errors.js";
import type { Window } from "../../http/window.js";
import type { Clock } from "../../lib/time.js";
import { likedSet, toggleLike } from "../shared/likes.js";
import { isCastKind, toPerson, toPersonCreditMovie } from "./mapper.js";
import { findPerson, personCreditKinds, personCredits, type PersonCreditRow } from "./repository.js";

/** One entry per film: the rows come newest first and in billing order, so the first credit of a film wins. */
function group(rows: readonly PersonCreditRow[], window: Window) {
  const seen = new Set<number>();
  const unique = rows.filter((row) => !seen.has(row.movie_id) && seen.add(row.movie_id));
  return unique.slice(window.offset, window.offset + window.limit).map(toPersonCreditMovie);
}

export function createPeopleService(db: Kysely<Database>, clock: Clock) {
  async function personOr404(handle: Kysely<Database>, id: number | null) {
    const person = id === null ? undefined : await findPerson(handle, id);
    if (!person) throw notFound("PERSON_NOT_FOUND");
    return person;
  }

  async function getPerson(id: number | null, callerId: number | null): Promise<Person> {
    const person = await personOr404(db, id);
    const [kinds, liked] = await Promise.all([
      personCreditKinds(db, person.id),
      likedSet(db, "person_likes", callerId, [person.id]),
    ]);
    return toPerson(person, kinds, liked.has(person.id));
  }

  async function getPersonMovies(id: number | null, window: Window): Promise<PersonCredits> {
    const person = await personOr404(db, id);
    const rows = await personCredits(db, person.id);
    return [
      {
        role: "감독",
        movies: group(
          rows.filter((r) => r.kind === DIRECTOR_KIND),
          window,
        ),
      },
      {
        role: "출연",
        movies: group(
          rows.filter((r) => isCastKind(r.kind)),
          window,
        ),
      },
    ];
  }

  async function isLiked(id: number | null, callerId: number): Promise<boolean> {
    const person = await personOr404(db, id);
    return (await likedSet(db, "person_likes", callerId, [person.id])).has(person.id);
  }

  async function toggle(id: number | null, callerId: number): Promise<Person> {
    return db.transaction().execute(async (trx) => {
      const found = await personOr404(trx, id);
      const like = await toggleLike(trx, "person_likes", callerId, found.id, clock.now());
      const [person, kinds] = await Promise.all([personOr404(trx, found.id), personCreditKinds(trx, found.id)]);
      return toPerson(person, kinds, like);
    });
  }

  return { getPerson, getPersonMovies, isLiked, toggle };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
