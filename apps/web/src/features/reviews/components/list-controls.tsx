// The comment list's controls: sort (오래된 순 / 최신 순 / 좋아요 순) and the friends-only switch.
import type { ReviewSort } from "@moviepedia/contract";
import { Users } from "lucide-react";
import { REVIEWS } from "../strings";

const SORTS: { value: ReviewSort; label: string }[] = [
  { value: "oldest", label: REVIEWS.sortOldest },
  { value: "recent", label: REVIEWS.sortRecent },
  { value: "likes", label: REVIEWS.sortLikes },
];

export interface ListControlsProps {
  sort: ReviewSort;
  onSort: (sort: ReviewSort) => void;
  friendsOnly: boolean;
  onFriendsOnly: () => void;
}

export function ListControls({ sort, onSort, friendsOnly, onFriendsOnly }: ListControlsProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
      <div role="group" aria-label={REVIEWS.sortLabel} className="flex gap-1.5">
        {SORTS.map((item) => (
          <button
            key={item.value}
            type="button"
            aria-pressed={sort === item.value}
            onClick={() => onSort(item.value)}
            className={`rounded-full border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent ${
              sort === item.value ? "border-gray-900 bg-gray-900 text-white" : "border-gray-200 text-gray-600"
            }`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={friendsOnly}
        onClick={onFriendsOnly}
        className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent ${
          friendsOnly ? "border-accent bg-accent/10 font-semibold text-accent" : "border-gray-200 text-gray-600"
        }`}
      >
        <Users aria-hidden size={16} />
        {REVIEWS.friendsOnly}
      </button>
    </div>
  );
}
