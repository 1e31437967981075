// The movie page's action row (SPEC §2): 보고싶어요, 코멘트, 보는 중, 더보기.
import { Eye, MoreHorizontal, Pencil, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { REVIEWS } from "../strings";

function Action({
  icon,
  label,
  pressed,
  onClick,
  haspopup,
}: {
  icon: ReactNode;
  label: string;
  pressed?: boolean;
  onClick: () => void;
  haspopup?: "dialog";
}) {
  return (
    <li className="flex-1">
      <button
        type="button"
        aria-pressed={pressed}
        aria-haspopup={haspopup}
        onClick={onClick}
        className={`flex w-full flex-col items-center gap-1 rounded-lg py-2 text-xs font-medium transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent ${
          pressed ? "text-accent" : "text-gray-600"
        }`}
      >
        {icon}
        {label}
      </button>
    </li>
  );
}

export interface StatusActionsProps {
  status: string;
  hasComment: boolean;
  onStatus: (tapped: "WatchList" | "Watching") => void;
  onComment: () => void;
  onMore: () => void;
}

export function StatusActions({ status, hasComment, onStatus, onComment, onMore }: StatusActionsProps) {
  const icon = { size: 22, "aria-hidden": true } as const;
  return (
    <ul className="flex border-y border-gray-100 px-2 py-1">
      <Action
        icon={<Plus {...icon} />}
        label={REVIEWS.wantToSee}
        pressed={status === "WatchList"}
        onClick={() => onStatus("WatchList")}
      />
      <Action
        icon={<Pencil {...icon} className={hasComment ? "fill-accent/15" : ""} />}
        label={REVIEWS.comment}
        onClick={onComment}
        haspopup="dialog"
      />
      <Action
        icon={<Eye {...icon} />}
        label={REVIEWS.watching}
        pressed={status === "Watching"}
        onClick={() => onStatus("Watching")}
      />
      <Action icon={<MoreHorizontal {...icon} />} label={REVIEWS.more} onClick={onMore} haspopup="dialog" />
    </ul>
  );
}
