import { useState } from "react";
import { UI } from "./strings";

export interface AvatarProps {
  src: string;
  name: string;
  /** Pixels (default 40). */
  size?: number;
  /** When the name is printed right beside it, the picture adds nothing for screen readers. */
  decorative?: boolean;
  className?: string;
}

/** A round profile picture; falls back to the name's first letter. */
export function Avatar({ src, name, size = 40, decorative = false, className = "" }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (failed) {
    return (
      <span
        role={decorative ? undefined : "img"}
        aria-label={decorative ? undefined : UI.avatarAlt(name)}
        aria-hidden={decorative || undefined}
        style={{ ...style, fontSize: size * 0.42 }}
        className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gray-200 font-semibold text-gray-600 ${className}`}
      >
        {[...name][0]?.toUpperCase() ?? "?"}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={decorative ? "" : UI.avatarAlt(name)}
      width={size}
      height={size}
      style={style}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`shrink-0 rounded-full bg-gray-100 object-cover ring-1 ring-black/5 ${className}`}
    />
  );
}
