// After a like toggle or an edit the server answers the whole updated review or reply: put it into every cached
// list and single read that shows it, so every card on screen agrees without refetching.
import type { QueryClient, QueryKey } from "@tanstack/react-query";

type WithId = { id: number };

function isWithId(value: unknown): value is WithId {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "number";
}

function replaceIn(data: unknown, next: WithId): unknown {
  if (Array.isArray(data)) return data.map((item) => replaceIn(item, next));
  if (isWithId(data)) return data.id === next.id ? { ...data, ...next } : data;
  if (typeof data === "object" && data !== null && "pages" in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map((page: unknown) => replaceIn(page, next)) };
  }
  return data;
}

/**
 * Replaces the item with `next.id` wherever it appears under `prefix` (single reads, lists, infinite lists).
 *
 * A read under `prefix` still in flight may have left before the write that produced `next`; when it lands, its
 * older copy would replace `next` (an infinite list's next window, for one, carries the earlier windows as they
 * were when it started). So such reads are cancelled first (their queries go back to what they held), `next` is
 * put in, and they are made again (not awaited): reads that leave after the write agree with it.
 */
export async function replaceCachedItem(client: QueryClient, prefix: QueryKey, next: WithId): Promise<void> {
  const inFlight = { queryKey: prefix, fetchStatus: "fetching" } as const;
  const reading = client.getQueryCache().findAll(inFlight);
  if (reading.length > 0) await client.cancelQueries(inFlight);
  client.setQueriesData({ queryKey: prefix }, (data: unknown) => replaceIn(data, next));
  if (reading.length > 0) {
    void client.refetchQueries({ queryKey: prefix, predicate: (query) => reading.includes(query) });
  }
}
