// /movies/:movieId/comments: the movie's reviews with text, 10 at a time as the member scrolls, sortable, with a
// friends-only switch (server-side `following=true`; visitors get the login overlay).
import { PAGE_SIZE, type ReviewSort } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useInfiniteWindow, useNumericParam } from "../../../shared/hooks";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { movieQueries } from "../../movies";
import { fetchMovieReviews, reviewQueries } from "../api/reviews-api";
import { HiddenByBlockNote } from "../components/hidden-by-block-note";
import { ListControls } from "../components/list-controls";
import { ReviewCard } from "../components/review-card";
import { useBlockedIds } from "../hooks/use-blocked-ids";
import { REVIEWS } from "../strings";

function CommentList({ movieId }: { movieId: number }) {
  const { isLoggedIn } = useAuth();
  const requireLogin = useRequireLogin();
  // Opens on 좋아요 순, as the movie page's 베스트 코멘트 (the API's default order stays oldest first).
  const [sort, setSort] = useState<ReviewSort>("likes");
  const [friendsOnly, setFriendsOnly] = useState(false);
  const filter = { sort, following: friendsOnly && isLoggedIn };
  const movie = useQuery(movieQueries.detail(movieId));
  const list = useInfiniteWindow({
    queryKey: reviewQueries.listKey(movieId, filter),
    fetchWindow: (begin, end, signal) => fetchMovieReviews(movieId, { begin, end }, filter, signal),
    pageSize: PAGE_SIZE.reviews,
  });
  const blockedIds = useBlockedIds();

  return (
    <>
      {movie.data ? (
        <p className="px-4 pt-3 text-sm text-gray-500">
          <Link to={`/movies/${movieId}`} className="font-semibold text-gray-800 hover:underline">
            {movie.data.title}
          </Link>
          <span className="ml-1">{movie.data.year}</span>
        </p>
      ) : null}
      <ListControls
        sort={sort}
        onSort={setSort}
        friendsOnly={filter.following}
        onFriendsOnly={() => requireLogin(() => setFriendsOnly((on) => !on))}
      />
      {list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-2 py-10">
          <ErrorText>{REVIEWS.listFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={list.retry}>
            {UI.retry}
          </Button>
        </div>
      ) : list.isEmpty ? (
        <EmptyState message={filter.following ? REVIEWS.noFriendComments : REVIEWS.noComments} />
      ) : (
        <ul className="flex flex-col gap-3 px-4 pb-4">
          {list.items.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
      {list.isLoading || list.isError || filter.following || !movie.data ? null : (
        <HiddenByBlockNote
          total={movie.data.reviews_count}
          shown={list.items.length}
          hasMore={list.hasMore}
          blockedIds={blockedIds}
          kind="comments"
        />
      )}
      <InfiniteFooter list={list} />
    </>
  );
}

export default function MovieCommentsPage() {
  const movieId = useNumericParam("movieId");
  return (
    <>
      <PageHeader title={REVIEWS.commentsTitle} backFallback={movieId === null ? "/" : `/movies/${movieId}`} />
      {movieId === null ? <EmptyState message={REVIEWS.listFailed} /> : <CommentList movieId={movieId} />}
    </>
  );
}
