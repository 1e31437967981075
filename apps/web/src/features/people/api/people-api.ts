// Person reads and the like toggle of API.md §4.4. Reads are SPEC §8 fetch helpers (log, then null).
import { endpoints, LOG, type Person, type PersonCredits } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, orNull, recordOrNull } from "../../../shared/lib/api";

export function fetchPerson(personId: number, signal?: AbortSignal): Promise<Person | null> {
  return recordOrNull(api(endpoints.people.detail, { params: { id: personId }, signal }), LOG.peopleDetails);
}

export function fetchPersonCredits(personId: number, signal?: AbortSignal): Promise<PersonCredits | null> {
  return orNull(api(endpoints.people.movies, { params: { id: personId }, signal }), LOG.peopleDetails);
}

export function togglePersonLike(personId: number): Promise<Person> {
  return api(endpoints.people.like, { params: { id: personId } });
}

export const peopleQueries = {
  all: ["people"] as const,
  person: (personId: number) =>
    queryOptions({
      queryKey: [...peopleQueries.all, personId, "detail"],
      queryFn: ({ signal }) => fetchPerson(personId, signal),
    }),
  credits: (personId: number) =>
    queryOptions({
      queryKey: [...peopleQueries.all, personId, "credits"],
      queryFn: ({ signal }) => fetchPersonCredits(personId, signal),
    }),
};
