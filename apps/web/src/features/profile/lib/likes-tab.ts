// The likes page's `selected` query parameter: participants (default), collections or reviews.
import type { LikesTab } from "../api/lists-api";

export const LIKES_TABS: readonly LikesTab[] = ["participants", "collections", "reviews"];

export function parseLikesTab(value: string | null): LikesTab {
  return (LIKES_TABS as readonly (string | null)[]).includes(value) ? (value as LikesTab) : "participants";
}
