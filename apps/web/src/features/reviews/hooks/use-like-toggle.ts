// A like toggle (reviews, replies): visitors get the login overlay; members see the change at once, the server's
// answer replaces it, and a failure quietly rolls back (SPEC §8: like failures are only logged).
import { useRef, useState } from "react";
import { useRequireLogin } from "../../../shared/ui/login-required";

export interface Likeable {
  id: number;
  like: boolean;
  likes_count: number;
}

export const LIKE_FAILED_LOG = "Failed to toggle like";

export function useLikeToggle<T extends Likeable>(
  item: T,
  toggle: (id: number) => Promise<T>,
  /** Puts the server's answer wherever the item is cached; the optimistic state stays until it has. */
  onToggled: (next: T) => void | Promise<void>,
): { like: boolean; count: number; press: () => void } {
  const requireLogin = useRequireLogin();
  const [optimistic, setOptimistic] = useState<{ like: boolean; count: number } | null>(null);
  // The server's answer, kept while the card still shows the same item: a list cached outside this feature (a
  // profile's liked reviews) is not updated by `onToggled`, and must not flip back to its stale value.
  const [confirmed, setConfirmed] = useState<{ like: boolean; count: number; base: T } | null>(null);
  const busy = useRef(false);
  const current = confirmed && confirmed.base === item ? confirmed : null;
  const shown = optimistic ?? current ?? { like: item.like, count: item.likes_count };

  async function run() {
    if (busy.current) return;
    busy.current = true;
    setOptimistic({ like: !shown.like, count: Math.max(0, shown.count + (shown.like ? -1 : 1)) });
    try {
      const next = await toggle(item.id);
      setConfirmed({ like: next.like, count: next.likes_count, base: item });
      await onToggled(next);
    } catch (error) {
      console.error(LIKE_FAILED_LOG, error);
    } finally {
      setOptimistic(null);
      busy.current = false;
    }
  }

  return { like: shown.like, count: shown.count, press: () => void requireLogin(() => void run()) };
}
