// Review text behind SPEC §4's spoiler notice: "스포일러가 있어요" and a 보기 button until the reader asks.
import { useState } from "react";
import { REVIEWS } from "../strings";

export interface SpoilerTextProps {
  content: string;
  spoiler: boolean;
  /** The author sees their own text without the notice. */
  revealed?: boolean;
  /** Clamp long text to a few lines (cards in lists). */
  clamp?: boolean;
}

export function SpoilerText({ content, spoiler, revealed = false, clamp = false }: SpoilerTextProps) {
  const [shown, setShown] = useState(revealed);
  if (spoiler && !shown) {
    return (
      <p className="flex items-center gap-2 text-[15px] text-gray-500">
        <span>{REVIEWS.spoilerNotice}</span>
        <button
          type="button"
          onClick={() => setShown(true)}
          className="rounded font-semibold text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent"
        >
          {REVIEWS.reveal}
        </button>
      </p>
    );
  }
  return (
    <p className={`text-[15px] leading-relaxed whitespace-pre-line text-gray-800 ${clamp ? "line-clamp-6" : ""}`}>
      {content}
    </p>
  );
}
