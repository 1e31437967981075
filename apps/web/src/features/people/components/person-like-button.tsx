// 좋아요 on a person with its count: the login overlay for visitors, an instant change for members, a quiet
// rollback when the toggle fails (SPEC §8).
import type { Person } from "@moviepedia/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { LikeIcon } from "../../../shared/ui/like-icon";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { peopleQueries, togglePersonLike } from "../api/people-api";
import { PEOPLE } from "../strings";

export function PersonLikeButton({ person }: { person: Person }) {
  const client = useQueryClient();
  const requireLogin = useRequireLogin();
  const [optimistic, setOptimistic] = useState<{ like: boolean; count: number } | null>(null);
  const busy = useRef(false);
  const shown = optimistic ?? { like: person.like, count: person.likes_count };

  async function toggle() {
    if (busy.current) return;
    busy.current = true;
    setOptimistic({ like: !shown.like, count: Math.max(0, shown.count + (shown.like ? -1 : 1)) });
    try {
      client.setQueryData(peopleQueries.person(person.id).queryKey, await togglePersonLike(person.id));
    } catch (error) {
      console.error("Failed to toggle like", error);
    } finally {
      setOptimistic(null);
      busy.current = false;
    }
  }

  return (
    <button
      type="button"
      aria-pressed={shown.like}
      aria-label={PEOPLE.likeLabel(shown.like, shown.count)}
      onClick={() => requireLogin(() => void toggle())}
      className={`inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-accent ${
        shown.like ? "border-accent bg-accent/10 text-accent" : "border-gray-300 text-gray-700 hover:bg-gray-50"
      }`}
    >
      <LikeIcon liked={shown.like} />
      {PEOPLE.like}
      <span className="tabular-nums">{shown.count.toLocaleString("ko-KR")}</span>
    </button>
  );
}
