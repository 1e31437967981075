// /recommend: two lists loaded in parallel — 예상 별점 높은 순 (/api/recommend/expect) and 평균보다 내 취향
// (/api/recommend/difference). Without a token: SPEC §8's "No access token available", logged, shown in Korean.
import { LOG, MSG } from "@moviepedia/contract";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { rememberReturnPath, useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { RecommendList } from "../components/recommend-list";
import { RECOMMEND } from "../strings";

function NoAccessToken() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => console.error(LOG.noAccessToken), []);
  return (
    <EmptyState message={MSG.noAccessToken}>
      <Button
        onClick={() => {
          rememberReturnPath(`${location.pathname}${location.search}`);
          void navigate("/login");
        }}
      >
        {RECOMMEND.login}
      </Button>
    </EmptyState>
  );
}

export default function RecommendPage() {
  const { accessToken, userId } = useAuth();
  return (
    <>
      <PageHeader title={RECOMMEND.title} />
      {!accessToken ? (
        <NoAccessToken />
      ) : userId === null ? (
        <Loading />
      ) : (
        <>
          <p className="px-4 pt-4 text-sm text-gray-500">{RECOMMEND.intro}</p>
          <RecommendList userId={userId} kind="expect" title={RECOMMEND.expectTitle} />
          <RecommendList userId={userId} kind="difference" title={RECOMMEND.differenceTitle} />
        </>
      )}
    </>
  );
}
