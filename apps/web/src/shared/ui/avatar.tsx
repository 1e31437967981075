import { useState } from "react";
import type { ImageKind } from "../lib/image-sources";
import { MediaImage } from "./media-image";
import { UI } from "./strings";

export interface AvatarProps {
  src: string;
  name: string;
  /** Pixels (default 40). */
  size?: number;
  /** When the name is printed right beside it, the picture adds nothing for screen readers. */
  decorative?: boolean;
  className?: string;
  /** `person` for film people's portraits (TMDB sizes); members' avatars by default. */
  kind?: Extract<ImageKind, "avatar" | "person">;
  /** The member (or person) whose generated art stands in when the picture fails. */
  artId?: number;
  /** Alt text other than "<name>의 프로필 사진". */
  alt?: string;
}

/** A round profile picture; falls back to the generated art, then to the name's first letter. */
export function Avatar({
  src,
  name,
  size = 40,
  decorative = false,
  className = "",
  kind = "avatar",
  artId,
  alt,
}: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (failed === src) {
    return (
      <span
        role={decorative ? undefined : "img"}
        aria-label={decorative ? undefined : (alt ?? UI.avatarAlt(name))}
        aria-hidden={decorative || undefined}
        style={{ ...style, fontSize: size * 0.42 }}
        className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gray-200 font-semibold text-gray-600 ${className}`}
      >
        {[...name][0]?.toUpperCase() ?? "?"}
      </span>
    );
  }
  return (
    <MediaImage
      src={src}
      kind={kind}
      alt={decorative ? "" : (alt ?? UI.avatarAlt(name))}
      width={size}
      height={size}
      style={style}
      artId={artId}
      onFallback={() => setFailed(src)}
      className={`shrink-0 rounded-full object-cover ring-1 ring-black/5 ${className}`}
    />
  );
}
