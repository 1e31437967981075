// The 평가하기 queue of one tab as cards: pages of GET /api/rating/queue appended as the member nears the end, cards
// leaving as they are rated, marked or dismissed. The server leaves every acted-on film out of the queue, so the
// next window starts at (films loaded − films acted on): loads wait for the writes in flight, so the server's list
// and this count agree, and nothing is repeated or skipped. A write that fails puts its card back where it was.
import { type CompactMovie, RATING_QUEUE_PAGE, type RatingQueueCategory } from "@moviepedia/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { isAbortError } from "../../../shared/lib/api";
import { fetchQueue } from "../api/rating-api";

export interface QueueCard {
  movie: CompactMovie;
  leaving: boolean;
}

/** How long a leaving card animates before it is taken out. */
export const LEAVE_ANIMATION_MS = 280;
/** Fewer cards than this left (not leaving): the next page is asked for. */
const LOW_WATER = 8;

export interface RatingQueue {
  cards: QueueCard[];
  loading: boolean;
  error: boolean;
  /** The server has no more films in this tab. */
  exhausted: boolean;
  loadMore: () => void;
  retry: () => void;
  /** Takes the card out (animated) while `write` runs; it comes back if the write fails. Resolves the write's outcome. */
  leave: (movieId: number, write: Promise<unknown>) => Promise<boolean>;
}

export function useRatingQueue(category: RatingQueueCategory, genre: string | undefined, enabled: boolean) {
  const [cards, setCards] = useState<QueueCard[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [exhausted, setExhausted] = useState(false);
  const state = useRef({ loaded: 0, acted: 0, pending: new Set<Promise<unknown>>(), busy: false, generation: 0 });
  const abort = useRef<AbortController | null>(null);
  const cardsRef = useRef(cards);
  useEffect(() => {
    cardsRef.current = cards;
  }, [cards]);

  const load = useCallback(async () => {
    const s = state.current;
    if (s.busy || !enabled) return;
    s.busy = true;
    const generation = s.generation;
    setLoading(true);
    setError(false);
    try {
      await Promise.allSettled([...s.pending]);
      if (generation !== s.generation) return;
      abort.current = new AbortController();
      const begin = Math.max(0, s.loaded - s.acted);
      const page = await fetchQueue({ category, genre, begin }, abort.current.signal);
      if (generation !== s.generation) return;
      setCards((current) => {
        const known = new Set(current.map((c) => c.movie.id));
        const fresh = page.filter((m) => !known.has(m.id));
        s.loaded += fresh.length;
        return [...current, ...fresh.map((movie) => ({ movie, leaving: false }))];
      });
      if (page.length < RATING_QUEUE_PAGE) setExhausted(true);
    } catch (failure) {
      if (!isAbortError(failure) && generation === s.generation) setError(true);
    } finally {
      if (generation === s.generation) {
        s.busy = false;
        setLoading(false);
      }
    }
  }, [category, genre, enabled]);

  // A new tab (or genre) starts over.
  useEffect(() => {
    const s = state.current;
    s.generation++;
    s.loaded = 0;
    s.acted = 0;
    s.busy = false;
    abort.current?.abort();
    setCards([]);
    setExhausted(false);
    setError(false);
    setLoading(false);
    if (enabled) void load();
    return () => abort.current?.abort();
  }, [load, enabled]);

  const active = cards.filter((c) => !c.leaving).length;
  useEffect(() => {
    if (enabled && !exhausted && !error && !loading && active < LOW_WATER && cards.length > 0) void load();
  }, [active, cards.length, enabled, exhausted, error, loading, load]);

  const leave = useCallback((movieId: number, write: Promise<unknown>): Promise<boolean> => {
    const s = state.current;
    const generation = s.generation;
    const position = cardsRef.current.findIndex((c) => c.movie.id === movieId);
    const card = cardsRef.current[position];
    setCards((current) => current.map((c) => (c.movie.id === movieId ? { ...c, leaving: true } : c)));
    const gone = new Promise((resolve) => setTimeout(resolve, LEAVE_ANIMATION_MS));
    void gone.then(() => {
      if (generation === s.generation)
        setCards((current) => current.filter((c) => c.movie.id !== movieId || !c.leaving));
    });
    const outcome = write.then(
      () => true,
      () => false,
    );
    s.pending.add(outcome);
    return outcome.then(async (ok) => {
      s.pending.delete(outcome);
      if (generation !== s.generation) return ok;
      if (ok) {
        s.acted++;
        return true;
      }
      await gone;
      // Back where it was (its neighbours may have left meanwhile: as close as the list allows).
      setCards((current) => {
        if (current.some((c) => c.movie.id === movieId)) {
          return current.map((c) => (c.movie.id === movieId ? { ...c, leaving: false } : c));
        }
        if (!card) return current;
        // Back where it was (its neighbours may have left meanwhile: as close as the list allows).
        const at = Math.min(Math.max(0, position), current.length);
        return [...current.slice(0, at), { movie: card.movie, leaving: false }, ...current.slice(at)];
      });
      return false;
    });
  }, []);

  return {
    cards,
    loading,
    error,
    exhausted,
    loadMore: () => void load(),
    retry: () => {
      setError(false);
      void load();
    },
    leave,
  } satisfies RatingQueue;
}
