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
  onToggled: (next: T) => void,
): { like: boolean; count: number; press: () => void } {
  const requireLogin = useRequireLogin();
  const [optimistic, setOptimistic] = useState<{ like: boolean; count: number } | null>(null);
  const busy = useRef(false);
  const shown = optimistic ?? { like: item.like, count: item.likes_count };

  async function run() {
    if (busy.current) return;
    busy.current = true;
    setOptimistic({ like: !shown.like, count: Math.max(0, shown.count + (shown.like ? -1 : 1)) });
    try {
      onToggled(await toggle(item.id));
    } catch (error) {
      console.error(LIKE_FAILED_LOG, error);
    } finally {
      setOptimistic(null);
      busy.current = false;
    }
  }

  return { ...shown, press: () => void requireLogin(() => void run()) };
}
