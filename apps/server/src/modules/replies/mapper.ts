// Reply rows → the wire `Reply` (API.md §4.0): the author's current username and avatar, the caller's `like`.
import type { Reply } from "@moviepedia/contract";
import { avatarUrl } from "../users/index.js";
import type { ReplyWithAuthor } from "./repository.js";

export function toReply(row: ReplyWithAuthor, like: boolean): Reply {
  return {
    id: row.id,
    review_id: row.review_id,
    user_id: row.user_id,
    user_name: row.author_name,
    profile_url: avatarUrl({ id: row.user_id, username: row.author_name, profile_url: row.author_profile_url }),
    content: row.content,
    like,
    likes_count: row.likes_count,
    created_at: row.created_at,
  };
}
