import { useState } from "react";
import { MediaImage } from "./media-image";
import { UI } from "./strings";

export interface PosterProps {
  src: string;
  /** The movie title; the alt text becomes "<title> 포스터". */
  title: string;
  /** The movie, whose generated poster stands in when the image fails. */
  movieId?: number;
  className?: string;
  /** `eager` for the first posters above the fold. */
  loading?: "lazy" | "eager";
  /** How wide the poster is drawn (the `sizes` attribute), e.g. `"112px"` or `"(min-width: 640px) 144px, 112px"`. */
  sizes?: string;
}

/**
 * A 2:3 poster with rounded corners: TMDB sizes to pick from, a grey box until it loads, the generated poster when
 * the image fails, and the title on grey when that fails too.
 */
export function Poster({ src, title, movieId, className = "", loading = "lazy", sizes = "112px" }: PosterProps) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`relative aspect-[2/3] overflow-hidden rounded-md bg-gray-200 ring-1 ring-black/5 ${className}`}>
      {failed ? (
        <span className="absolute inset-0 flex items-center justify-center p-2 text-center text-xs text-gray-500">
          {title}
        </span>
      ) : (
        <MediaImage
          src={src}
          kind="poster"
          alt={UI.posterAlt(title)}
          width={200}
          height={300}
          sizes={sizes}
          artId={movieId}
          loading={loading}
          onFallback={() => setFailed(true)}
          className="h-full w-full object-cover"
        />
      )}
    </div>
  );
}
