// /profile/:userId/likes?selected=participants|collections|reviews — what the member liked, in three tabs. Only for
// one's own profile (DESIGN): another member's id redirects to that profile; visitors are asked to log in.
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { useNumericParam } from "../../../shared/hooks/use-numeric-param";
import { rememberReturnPath, useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { PageHeader } from "../../../shared/ui/page-header";
import { TabPanel, Tabs } from "../../../shared/ui/tabs";
import type { LikesTab } from "../api/lists-api";
import { LikesPanel } from "../components/likes-panels";
import { parseLikesTab } from "../lib/likes-tab";
import { PROFILE } from "../strings";

const TAB_ITEMS: { value: LikesTab; label: string }[] = [
  { value: "participants", label: PROFILE.tabPeople },
  { value: "collections", label: PROFILE.tabCollections },
  { value: "reviews", label: PROFILE.tabReviews },
];

function LoginToSee() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <EmptyState message={PROFILE.likesLogin}>
      <Button
        onClick={() => {
          rememberReturnPath(`${location.pathname}${location.search}`);
          void navigate("/login");
        }}
      >
        {PROFILE.login}
      </Button>
    </EmptyState>
  );
}

export default function LikesPage() {
  const userId = useNumericParam("userId");
  const { isLoggedIn, userId: myId } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = parseLikesTab(params.get("selected"));

  if (isLoggedIn && myId !== null && userId !== myId) {
    return <Navigate to={userId === null ? "/" : `/profile/${userId}`} replace />;
  }
  return (
    <>
      <PageHeader title={PROFILE.likesTitle} backFallback={userId === null ? "/" : `/profile/${userId}`} />
      {!isLoggedIn || myId === null ? (
        <LoginToSee />
      ) : (
        <>
          <Tabs
            items={TAB_ITEMS}
            value={tab}
            onChange={(next) => setParams({ selected: next }, { replace: true })}
            label={PROFILE.likesTabs}
            idPrefix="likes"
            className="sticky top-13 z-20 bg-white"
          />
          <TabPanel idPrefix="likes" value={tab}>
            <LikesPanel tab={tab} myId={myId} />
          </TabPanel>
        </>
      )}
    </>
  );
}
