// SPEC §4: the follow button is hidden while the user is blocked; the block button is hidden while following.
import type { UserProfile } from "@moviepedia/contract";

export interface RelationButtons {
  follow: boolean;
  block: boolean;
}

export function relationButtons(profile: Pick<UserProfile, "is_following" | "is_blocked">): RelationButtons {
  return {
    follow: !profile.is_blocked,
    // Follows and blocks are independent on the server, so both can be set (made elsewhere): "차단 해제" then
    // stays reachable, otherwise the member could neither unfollow nor unblock.
    block: !profile.is_following || profile.is_blocked,
  };
}
