// The one like icon of the app (issue 20 #14): a heart for every likeable thing — comments, replies, collections,
// collection comments, people — filled in the accent colour once liked.
import { Heart } from "lucide-react";

export function LikeIcon({
  liked = false,
  size = 16,
  className = "",
}: {
  liked?: boolean;
  size?: number;
  className?: string;
}) {
  return (
    <Heart
      aria-hidden
      data-icon="like"
      size={size}
      className={`${liked ? "fill-accent text-accent" : ""} ${className}`.trim()}
    />
  );
}
