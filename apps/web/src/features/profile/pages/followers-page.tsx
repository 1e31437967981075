// /profile/:userId/followers — who follows this member.
import { FollowListPage } from "../components/follow-list-page";

export default function FollowersPage() {
  return <FollowListPage direction="followers" />;
}
