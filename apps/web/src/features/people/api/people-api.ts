// Person reads and the like toggle of API.md §4.4. Reads are SPEC §8 fetch helpers (log, then null).
import { LOG, type Person, type PersonCredits } from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, fetchOrNull, fetchRecordOrNull } from "../../../shared/lib/api";

export function fetchPerson(personId: number, signal?: AbortSignal): Promise<Person | null> {
  return fetchRecordOrNull<Person>(`/api/participants/${personId}`, LOG.peopleDetails, { signal });
}

export function fetchPersonCredits(personId: number, signal?: AbortSignal): Promise<PersonCredits | null> {
  return fetchOrNull<PersonCredits>(`/api/participants/${personId}/movies`, LOG.peopleDetails, {
    signal,
    auth: "none",
  });
}

export function togglePersonLike(personId: number): Promise<Person> {
  return apiFetch<Person>(`/api/participants/like/${personId}`, { method: "PATCH", auth: "required" });
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
