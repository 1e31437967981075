// /profile/:userId/reviews: the member's rated, marked and commented movies as a poster grid, 9 per window
// (SPEC §9), newest first. Empty for a member the caller blocked (the server answers []).
import { PAGE_SIZE } from "@moviepedia/contract";
import { Film } from "lucide-react";
import { useInfiniteWindow } from "../../../shared/hooks/use-infinite-window";
import { useNumericParam } from "../../../shared/hooks/use-numeric-param";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { fetchUserReviewsWindow } from "../api/lists-api";
import { profileQueries } from "../api/profile-api";
import { ReviewPosterCard } from "../components/review-poster-card";
import { PROFILE } from "../strings";

export default function UserReviewsPage() {
  const userId = useNumericParam("userId");
  const list = useInfiniteWindow({
    queryKey: profileQueries.list(userId ?? 0, "reviews"),
    fetchWindow: (begin, end, signal) => fetchUserReviewsWindow(userId ?? 0, begin, end, signal),
    pageSize: PAGE_SIZE.profileReviews,
    enabled: userId !== null,
  });
  return (
    <>
      <PageHeader title={PROFILE.reviewsTitle} backFallback={userId === null ? "/" : `/profile/${userId}`} />
      {userId === null ? (
        <EmptyState message={PROFILE.notFound} />
      ) : list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-3 px-6 py-14">
          <ErrorText>{PROFILE.listFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={list.retry}>
            {UI.retry}
          </Button>
        </div>
      ) : list.isEmpty ? (
        <EmptyState icon={<Film aria-hidden size={40} />} message={PROFILE.noReviews} />
      ) : (
        <>
          <ul className="grid grid-cols-3 gap-x-3 gap-y-5 px-4 py-4" aria-label={PROFILE.reviewsTitle}>
            {list.items.map((item, index) => (
              <ReviewPosterCard key={item.id} item={item} eager={index < 9} />
            ))}
          </ul>
          <InfiniteFooter list={list} />
        </>
      )}
    </>
  );
}
