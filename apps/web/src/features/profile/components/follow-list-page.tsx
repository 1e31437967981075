// /profile/:userId/followers and /followings: windows of 20 with infinite scroll. SPEC §8: a failed window is
// logged and shows as an empty list (the helpers answer []).
import { PAGE_SIZE } from "@moviepedia/contract";
import { Users } from "lucide-react";
import { useInfiniteWindow } from "../../../shared/hooks/use-infinite-window";
import { useNumericParam } from "../../../shared/hooks/use-numeric-param";
import { EmptyState } from "../../../shared/ui/empty-state";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { fetchFollowers, fetchFollowings, profileQueries } from "../api/profile-api";
import { PROFILE } from "../strings";
import { MemberRow } from "./member-row";

const DIRECTIONS = {
  followers: { title: PROFILE.followersTitle, empty: PROFILE.noFollowers, fetch: fetchFollowers },
  followings: { title: PROFILE.followingsTitle, empty: PROFILE.noFollowings, fetch: fetchFollowings },
} as const;

export function FollowListPage({ direction }: { direction: keyof typeof DIRECTIONS }) {
  const userId = useNumericParam("userId");
  const { title, empty, fetch } = DIRECTIONS[direction];
  const list = useInfiniteWindow({
    queryKey: profileQueries.list(userId ?? 0, direction),
    fetchWindow: (begin, end, signal) => fetch(userId ?? 0, signal, { begin, end }),
    pageSize: PAGE_SIZE.follows,
    enabled: userId !== null,
  });
  return (
    <>
      <PageHeader title={title} backFallback={userId === null ? "/" : `/profile/${userId}`} />
      {userId === null || list.isEmpty ? (
        <EmptyState icon={<Users aria-hidden size={40} />} message={empty} />
      ) : list.isLoading ? (
        <Loading />
      ) : (
        <>
          <ul className="divide-y divide-gray-100">
            {list.items.map((user) => (
              <MemberRow
                key={user.id}
                href={`/profile/${user.id}`}
                name={user.username}
                imageUrl={user.profile_url}
                artId={user.id}
              />
            ))}
          </ul>
          <InfiniteFooter list={list} />
        </>
      )}
    </>
  );
}
