import { useState } from "react";
import { UI } from "./strings";

export interface PosterProps {
  src: string;
  /** The movie title; the alt text becomes "<title> 포스터". */
  title: string;
  className?: string;
  /** `eager` for the first posters above the fold. */
  loading?: "lazy" | "eager";
}

/** A 2:3 poster with rounded corners; shows the title on gray when the image fails. */
export function Poster({ src, title, className = "", loading = "lazy" }: PosterProps) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`relative aspect-[2/3] overflow-hidden rounded-md bg-gray-100 ring-1 ring-black/5 ${className}`}>
      {failed ? (
        <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-xs text-gray-500">
          {title}
        </span>
      ) : (
        <img
          src={src}
          alt={UI.posterAlt(title)}
          loading={loading}
          decoding="async"
          onError={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  );
}
