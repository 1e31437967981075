// /profile/:userId/followings — whom this member follows.
import { FollowListPage } from "../components/follow-list-page";

export default function FollowingsPage() {
  return <FollowListPage direction="followings" />;
}
