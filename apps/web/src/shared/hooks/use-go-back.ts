import { useCallback } from "react";
import { useNavigate } from "react-router";

/** Back in history when the app has a previous entry, otherwise to `fallback` (a deep link opened in a new tab). */
export function useGoBack(fallback = "/"): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const index = state && typeof state === "object" && "idx" in state ? Number(state.idx) : 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
