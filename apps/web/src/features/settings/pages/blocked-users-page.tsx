// /mypage/settings/block: the member's blocked users, each with 차단 해제. SPEC §8: a failed list read is logged
// and shows as an empty list.
import { useQuery } from "@tanstack/react-query";
import { UserX } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { MemberRow } from "../../profile";
import { blockedUsersQuery, useUnblock } from "../api/blocked-api";
import { SETTINGS } from "../strings";

function BlockedList({ myId }: { myId: number }) {
  const query = useQuery(blockedUsersQuery(myId));
  const unblock = useUnblock(myId);
  const [pendingId, setPendingId] = useState<number | null>(null);

  if (query.isPending) return <Loading />;
  const users = query.data ?? [];
  if (users.length === 0) return <EmptyState icon={<UserX aria-hidden size={40} />} message={SETTINGS.noBlocked} />;
  return (
    <>
      {unblock.isError ? <ErrorText className="px-4 pt-3">{SETTINGS.unblockFailed}</ErrorText> : null}
      <ul className="divide-y divide-gray-100">
        {users.map(({ id, profile }) => {
          const name = profile?.username ?? SETTINGS.unknownUser;
          return (
            <MemberRow
              key={id}
              href={`/profile/${id}`}
              name={name}
              imageUrl={profile?.profile_url ?? `/media/avatar/${id}.svg`}
              artId={id}
              detail={profile?.status_message ?? undefined}
              action={
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={SETTINGS.unblockLabel(name)}
                  disabled={unblock.isPending && pendingId === id}
                  onClick={() => {
                    setPendingId(id);
                    unblock.mutate(id);
                  }}
                >
                  {SETTINGS.unblock}
                </Button>
              }
            />
          );
        })}
      </ul>
    </>
  );
}

export default function BlockedUsersPage() {
  const { isLoggedIn, userId } = useAuth();
  return (
    <>
      <PageHeader title={SETTINGS.blockedTitle} backFallback="/mypage/settings" />
      {!isLoggedIn ? (
        <EmptyState message={SETTINGS.loginNeeded} />
      ) : userId === null ? (
        <Loading />
      ) : (
        <BlockedList myId={userId} />
      )}
    </>
  );
}
