// The 평가하기 queue hook against a fake server that, like the real one, leaves acted-on films out: pages follow
// (loaded − acted) so nothing repeats or is skipped, writes in flight are waited for, a failed write puts its card
// back, and a new tab starts over.
import type { CompactMovie } from "@moviepedia/contract";
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test/tokens";
import { useRatingQueue } from "./use-rating-queue";

const film = (id: number): CompactMovie => ({
  id,
  title: `영화 ${id}`,
  year: 2020,
  poster_url: `/media/poster/${id}.svg`,
  genres: ["드라마"],
  average_rating: null,
  ratings_count: 0,
});

/** Films 1…60 in order, minus the ones acted on; answers `begin`/`end` windows. */
function fakeServer() {
  const acted = new Set<number>();
  const asked: Array<{ category: string; begin: number }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const begin = Number(url.searchParams.get("begin"));
    const end = Number(url.searchParams.get("end"));
    asked.push({ category: url.searchParams.get("category") ?? "", begin });
    const remaining = Array.from({ length: 60 }, (_, i) => i + 1).filter((id) => !acted.has(id));
    return jsonResponse(200, remaining.slice(begin, end).map(film));
  });
  return { acted, asked, fetch };
}

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer();
  vi.stubGlobal("fetch", server.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ids = (cards: { movie: CompactMovie; leaving: boolean }[]) =>
  cards.filter((c) => !c.leaving).map((c) => c.movie.id);

describe("useRatingQueue", () => {
  it("loads the next window at (loaded − acted) once the writes in flight are done", async () => {
    const { result } = renderHook(() => useRatingQueue("popular", undefined, true));
    await waitFor(() => expect(ids(result.current.cards)).toHaveLength(20));
    expect(server.asked).toEqual([{ category: "popular", begin: 0 }]);

    // Act on 13 films: the last write is slow, so the load it triggers must wait for it.
    let finish: () => void = () => undefined;
    await act(async () => {
      for (let id = 1; id <= 12; id++) {
        server.acted.add(id);
        await result.current.leave(id, Promise.resolve());
      }
      server.acted.add(13);
      void result.current.leave(
        13,
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
      );
    });
    expect(server.asked).toHaveLength(1);
    await act(async () => finish());
    await waitFor(() => expect(server.asked).toHaveLength(2));
    expect(server.asked[1]).toEqual({ category: "popular", begin: 20 - 13 });
    await waitFor(() => expect(ids(result.current.cards)).toEqual(Array.from({ length: 27 }, (_, i) => i + 14)));
  });

  it("puts a card back when its write fails, and does not count it as acted", async () => {
    const { result } = renderHook(() => useRatingQueue("random", undefined, true));
    await waitFor(() => expect(ids(result.current.cards)).toHaveLength(20));
    let outcome: boolean | undefined;
    await act(async () => {
      outcome = await result.current.leave(5, Promise.reject(new Error("429")));
    });
    expect(outcome).toBe(false);
    await waitFor(() => expect(ids(result.current.cards)).toContain(5));
    expect(ids(result.current.cards).indexOf(5)).toBe(4);
  });

  it("starts over on another tab, and waits for a genre before loading", async () => {
    const { result, rerender } = renderHook(
      ({ category, genre, enabled }: { category: "popular" | "genre"; genre?: string; enabled: boolean }) =>
        useRatingQueue(category, genre, enabled),
      { initialProps: { category: "popular", enabled: true } },
    );
    await waitFor(() => expect(ids(result.current.cards)).toHaveLength(20));
    rerender({ category: "genre", enabled: false });
    expect(result.current.cards).toEqual([]);
    rerender({ category: "genre", genre: "드라마", enabled: true });
    await waitFor(() => expect(ids(result.current.cards)).toHaveLength(20));
    expect(server.asked.at(-1)).toEqual({ category: "genre", begin: 0 });
  });
});
