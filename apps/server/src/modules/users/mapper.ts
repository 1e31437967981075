// Member rows → wire types (UserProfile, Me, FollowUser): never a password hash; login_id only in Me.
import type { FollowUser, Me, UserProfile } from "@moviepedia/contract";
import type { UserRow } from "../../db/types.js";
import { imageOr } from "../../lib/media-urls.js";

export function avatarUrl(user: Pick<UserRow, "id" | "username" | "profile_url">): string {
  return imageOr(user.profile_url, "avatar", user.id, user.username);
}

export function toUserProfile(
  user: UserRow,
  flags: { isFollowing: boolean; isBlocked: boolean } = { isFollowing: false, isBlocked: false },
): UserProfile {
  return {
    id: user.id,
    user_id: user.id,
    username: user.username,
    profile_url: avatarUrl(user),
    status_message: user.status_message,
    follower_count: user.follower_count,
    following_count: user.following_count,
    review_count: user.review_count,
    collection_count: user.collection_count,
    is_following: flags.isFollowing,
    is_blocked: flags.isBlocked,
  };
}

export function toMe(user: UserRow): Me {
  return {
    ...toUserProfile(user),
    login_id: user.login_id,
    login_type: user.login_type === "demo" ? "local" : user.login_type,
    liked_people_count: user.liked_people_count,
    liked_collections_count: user.liked_collections_count,
    liked_reviews_count: user.liked_reviews_count,
  };
}

export function toFollowUser(user: Pick<UserRow, "id" | "username" | "profile_url">): FollowUser {
  return { id: user.id, username: user.username, profile_url: avatarUrl(user) };
}
