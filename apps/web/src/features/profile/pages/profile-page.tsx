// /profile/:userId — a member's profile (SPEC §2). One's own ("마이페이지"): settings link, like counts, profile
// editing and the short taste analysis; another member's: follow and block, and the taste match for members.
import type { Me, UserProfile } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { Settings } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { useNumericParam } from "../../../shared/hooks/use-numeric-param";
import { isNotFound } from "../../../shared/lib/api";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Loading } from "../../../shared/ui/loading";
import { NotFoundView } from "../../../shared/ui/not-found-view";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { AnalysisShortCard } from "../../analysis";
import { profileQueries } from "../api/profile-api";
import { EditProfileDialog } from "../components/edit-profile-dialog";
import { MyLikes } from "../components/my-likes";
import { ProfileMenu, ProfileSummary } from "../components/profile-summary";
import { RelationActions } from "../components/relation-actions";
import { TasteMatchBox } from "../components/taste-match";
import { PROFILE } from "../strings";

function SettingsLink() {
  return (
    <Link
      to="/mypage/settings"
      aria-label={PROFILE.settings}
      title={PROFILE.settings}
      className="inline-flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Settings aria-hidden size={22} />
    </Link>
  );
}

export default function ProfilePage() {
  const userId = useNumericParam("userId");
  const { userId: myId, user } = useAuth();
  const own = userId !== null && userId === myId;
  const query = useQuery({ ...profileQueries.profile(userId ?? 0), enabled: userId !== null });

  return (
    <>
      <PageHeader title={own ? PROFILE.myTitle : PROFILE.title} actions={own ? <SettingsLink /> : null} />
      {userId === null || isNotFound(query.error) ? (
        <NotFoundView title={null} message={PROFILE.notFound} />
      ) : query.isPending ? (
        <Loading />
      ) : !query.data ? (
        <EmptyState message={PROFILE.notFound}>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
        </EmptyState>
      ) : own && myId !== null ? (
        <OwnProfile profile={query.data} myId={myId} storedMe={user} />
      ) : (
        <OtherProfile profile={query.data} myId={myId} />
      )}
    </>
  );
}

function OwnProfile({ profile, myId, storedMe }: { profile: UserProfile; myId: number; storedMe: Me | null }) {
  const [editing, setEditing] = useState(false);
  const me = useQuery({ ...profileQueries.me(myId), placeholderData: storedMe ?? undefined });
  return (
    <>
      <ProfileSummary profile={profile}>
        {me.data ? (
          <Button variant="secondary" block onClick={() => setEditing(true)}>
            {PROFILE.editProfile}
          </Button>
        ) : null}
      </ProfileSummary>
      <ProfileMenu profile={profile} />
      {me.data ? <MyLikes me={me.data} /> : me.isPending ? <Loading /> : null}
      <div className="px-4 pb-6">
        <AnalysisShortCard userId={myId} />
      </div>
      {me.data ? <EditProfileDialog me={me.data} open={editing} onOpenChange={setEditing} /> : null}
    </>
  );
}

function OtherProfile({ profile, myId }: { profile: UserProfile; myId: number | null }) {
  return (
    <>
      <ProfileSummary profile={profile}>
        <div className="flex flex-col gap-3">
          <RelationActions profile={profile} myId={myId} />
          {myId !== null ? <TasteMatchBox userId={profile.id} /> : null}
        </div>
      </ProfileSummary>
      <ProfileMenu profile={profile} />
    </>
  );
}
