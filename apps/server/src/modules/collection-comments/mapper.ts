// Comment rows → the CollectionComment wire type (API.md §4.0).
import type { CollectionComment } from "@moviepedia/contract";
import { avatarUrl } from "../users/index.js";
import type { CommentWithAuthor } from "./repository.js";

export function toCollectionComment(row: CommentWithAuthor, like: boolean): CollectionComment {
  return {
    id: row.id,
    collection_id: row.collection_id,
    user_id: row.user_id,
    user_name: row.username,
    profile_url: avatarUrl({ id: row.user_id, username: row.username, profile_url: row.user_profile_url }),
    content: row.content,
    likes_count: row.likes_count,
    like,
    created_at: row.created_at,
  };
}
