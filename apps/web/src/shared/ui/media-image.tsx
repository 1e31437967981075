// The one image element for posters, backdrops, portraits, avatars and logos (docs/media.md): other sizes in
// `srcset` for TMDB and cached images, `width`/`height` so the box is reserved before the file arrives, a placeholder
// colour behind it, lazy loading unless told otherwise, and the record's generated art when the file fails to load
// (then `onFallback` for whatever the art cannot show either).
import { type CSSProperties, useState } from "react";
import { generatedArtUrl, type ImageKind, imageSrcSet, isGeneratedArt } from "../lib/image-sources";

export interface MediaImageProps {
  src: string;
  kind: ImageKind;
  /** Text alternative; `""` for pictures the text beside them already names. */
  alt: string;
  /** The intrinsic box in CSS pixels (its ratio is what keeps the layout still); CSS may scale it. */
  width: number;
  height: number;
  /** How wide the image is drawn, for the browser's pick from `srcset` (default: `${width}px`). */
  sizes?: string;
  /** The record whose generated art stands in when the file fails (`/media/{kind}/{id}.svg`). */
  artId?: number;
  /** `eager` for images above the fold (the first posters, the movie page's backdrop). */
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
  className?: string;
  style?: CSSProperties;
  /** Called when neither the image nor its generated art could be shown. */
  onFallback?: () => void;
}

export function MediaImage({
  src,
  kind,
  alt,
  width,
  height,
  sizes,
  artId,
  loading = "lazy",
  fetchPriority,
  className = "",
  style,
  onFallback,
}: MediaImageProps) {
  const art = artId !== undefined && kind !== "logo" ? generatedArtUrl(kind, artId) : null;
  // Which URL failed last: a new `src` starts over without an effect.
  const [failed, setFailed] = useState<string | null>(null);
  const showingArt = failed !== null && failed === src && art !== null;
  const current = showingArt ? art : src;
  const srcSet = showingArt || isGeneratedArt(current) ? undefined : imageSrcSet(current, kind);
  return (
    <img
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      style={style}
      data-fallback={showingArt ? "art" : undefined}
      onError={() => {
        if (!showingArt && art !== null && !isGeneratedArt(src)) setFailed(src);
        else onFallback?.();
      }}
      className={`bg-gray-200 ${className}`}
    />
  );
}
