// `expand=true` (API.md §4.10 [EXT]): the full objects of the windowed id lists, personalised like their own GETs,
// each loaded with a fixed number of queries.
import { type Collection, type Movie, type Person, type UserProfile } from "@moviepedia/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";
import { loadCollections } from "../collections/index.js";
import { loadMovies } from "../movies/index.js";
import { toPerson } from "../people/index.js";
import { likedSet, markedSet } from "../shared/index.js";
import { findUsersByIds, toUserProfile } from "../users/index.js";
import { creditKindsOf, peopleByIds } from "./repository/index.js";

type Db = Kysely<Database>;

function inOrder<T extends { id: number }>(ids: readonly number[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function loadPeople(db: Db, ids: readonly number[], callerId: number | null): Promise<Person[]> {
  if (ids.length === 0) return [];
  const [rows, kinds, liked] = await Promise.all([
    peopleByIds(db, ids),
    creditKindsOf(db, ids),
    likedSet(db, "person_likes", callerId, ids),
  ]);
  const kindsOf = new Map<number, string[]>();
  for (const row of kinds) kindsOf.set(row.person_id, [...(kindsOf.get(row.person_id) ?? []), row.kind]);
  return inOrder(
    ids,
    rows.map((row) => toPerson(row, kindsOf.get(row.id) ?? [], liked.has(row.id))),
  );
}

async function loadUsers(db: Db, ids: readonly number[], callerId: number | null): Promise<UserProfile[]> {
  if (ids.length === 0) return [];
  const [rows, following, blocked] = await Promise.all([
    findUsersByIds(db, ids),
    callerId === null ? new Set<number>() : markedSet(db, "follows", callerId, ids),
    callerId === null ? new Set<number>() : markedSet(db, "blocks", callerId, ids),
  ]);
  const profiles = rows.map((user) =>
    toUserProfile(user, { isFollowing: following.has(user.id), isBlocked: blocked.has(user.id) }),
  );
  return inOrder(ids, profiles);
}

export interface Expanded {
  movies: Movie[];
  people: Person[];
  collections: Collection[];
  users: UserProfile[];
}

export async function expandResult(
  db: Db,
  lists: { movies: number[]; people: number[]; collections: number[]; users: number[] },
  callerId: number | null,
  /** Movies embedded per collection (movies_limit); all of them when undefined. */
  movieLimit?: number,
): Promise<Expanded> {
  const [movies, people, collections, users] = await Promise.all([
    loadMovies(db, lists.movies),
    loadPeople(db, lists.people, callerId),
    loadCollections(db, lists.collections, callerId, { movieLimit }),
    loadUsers(db, lists.users, callerId),
  ]);
  return { movies, people, collections, users };
}
