// /profile/:userId/reviews?kind=all|rated|commented|watch_list|watching — the member's rated, marked and commented
// movies as a poster grid, 9 per window (SPEC §9), newest first, in tabs with their counts (GET …/counts [EXT]). 전체
// equals the profile's and search's review count; a row can sit in several tabs (a rating with text, 보는 중).
// Empty for a member the caller blocked (the server answers [] and zero counts).
import { PAGE_SIZE } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { Film } from "lucide-react";
import { useSearchParams } from "react-router";
import { useInfiniteWindow } from "../../../shared/hooks/use-infinite-window";
import { useNumericParam } from "../../../shared/hooks/use-numeric-param";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { TabPanel, Tabs } from "../../../shared/ui/tabs";
import { fetchUserReviewsWindow, REVIEW_KINDS, type ReviewKind } from "../api/lists-api";
import { profileQueries } from "../api/profile-api";
import { ReviewPosterCard } from "../components/review-poster-card";
import { PROFILE } from "../strings";

const COUNT_FIELD = {
  all: "total",
  rated: "rated",
  commented: "commented",
  watch_list: "watch_list",
  watching: "watching",
} as const;

function parseReviewKind(value: string | null): ReviewKind {
  return (REVIEW_KINDS as readonly (string | null)[]).includes(value) ? (value as ReviewKind) : "all";
}

function KindGrid({ userId, kind }: { userId: number; kind: ReviewKind }) {
  const list = useInfiniteWindow({
    queryKey: profileQueries.list(userId, `reviews-${kind}`),
    fetchWindow: (begin, end, signal) => fetchUserReviewsWindow(userId, begin, end, signal, kind),
    pageSize: PAGE_SIZE.profileReviews,
  });
  if (list.isLoading) return <Loading />;
  if (list.isError) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-14">
        <ErrorText>{PROFILE.listFailed}</ErrorText>
        <Button variant="secondary" size="sm" onClick={list.retry}>
          {UI.retry}
        </Button>
      </div>
    );
  }
  if (list.isEmpty) return <EmptyState icon={<Film aria-hidden size={40} />} message={PROFILE.noReviewsOfKind[kind]} />;
  return (
    <>
      <ul
        className="grid grid-cols-3 gap-x-3 gap-y-5 px-4 py-4 sm:grid-cols-4 lg:grid-cols-5"
        aria-label={`${PROFILE.reviewsTitle} · ${PROFILE.reviewKind[kind]}`}
      >
        {list.items.map((item, index) => (
          <ReviewPosterCard key={item.id} item={item} eager={index < 9} />
        ))}
      </ul>
      <InfiniteFooter list={list} />
    </>
  );
}

function ReviewTabs({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const kind = parseReviewKind(params.get("kind"));
  const counts = useQuery(profileQueries.reviewCounts(userId)).data;
  const items = REVIEW_KINDS.map((value) => ({
    value,
    label: (
      <>
        {PROFILE.reviewKind[value]}
        {counts ? (
          <>
            {" "}
            <span className="tabular-nums opacity-70">{counts[COUNT_FIELD[value]].toLocaleString("ko-KR")}</span>
          </>
        ) : null}
      </>
    ),
  }));
  return (
    <>
      <Tabs
        items={items}
        value={kind}
        onChange={(next) => setParams(next === "all" ? {} : { kind: next }, { replace: true })}
        label={PROFILE.reviewTabs}
        idPrefix="reviews"
        variant="sub"
        className="sticky top-13 z-20 bg-white px-4 lg:top-29"
      />
      <TabPanel idPrefix="reviews" value={kind}>
        <KindGrid key={kind} userId={userId} kind={kind} />
      </TabPanel>
    </>
  );
}

export default function UserReviewsPage() {
  const userId = useNumericParam("userId");
  return (
    <>
      <PageHeader title={PROFILE.reviewsTitle} backFallback={userId === null ? "/" : `/profile/${userId}`} />
      {userId === null ? <EmptyState message={PROFILE.notFound} /> : <ReviewTabs userId={userId} />}
    </>
  );
}
