// A horizontal scroller's controls: whether it can move back or on (for the previous/next buttons), a step of about a
// screenful, and the keys (←/→ one poster, Home/End) that move it while it or a poster in it has focus.
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useState } from "react";

export interface RowScroll {
  canBack: boolean;
  canOn: boolean;
  page: (direction: -1 | 1) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/** Width of one item plus the gap, read from the first two items (a sensible default before layout). */
function itemStep(element: HTMLElement): number {
  const [first, second] = Array.from(element.children) as HTMLElement[];
  if (first && second) return second.offsetLeft - first.offsetLeft || first.offsetWidth;
  return first?.offsetWidth ?? 120;
}

export function useRowScroll(ref: RefObject<HTMLElement | null>, itemCount: number): RowScroll {
  const [edges, setEdges] = useState({ canBack: false, canOn: false });

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    const canBack = element.scrollLeft > 1;
    const canOn = element.scrollLeft < max - 1;
    setEdges((old) => (old.canBack === canBack && old.canOn === canOn ? old : { canBack, canOn }));
  }, [ref]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [ref, measure, itemCount]);

  const page = useCallback(
    (direction: -1 | 1) => {
      const element = ref.current;
      if (!element) return;
      const step = itemStep(element);
      // Whole items, leaving the last visible one on screen as the anchor.
      const items = Math.max(1, Math.floor(element.clientWidth / step) - 1);
      element.scrollBy({ left: direction * items * step, behavior: "smooth" });
    },
    [ref],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const element = ref.current;
      if (!element || event.altKey || event.ctrlKey || event.metaKey) return;
      const step = itemStep(element);
      const moves: Record<string, number> = {
        ArrowRight: step,
        ArrowLeft: -step,
        End: element.scrollWidth,
        Home: -element.scrollWidth,
      };
      const delta = moves[event.key];
      if (delta === undefined) return;
      event.preventDefault();
      element.scrollBy({ left: delta, behavior: "smooth" });
    },
    [ref],
  );

  return { ...edges, page, onKeyDown };
}
