// /movies/:movieId: every element of SPEC §2's movie page — backdrop, titles, facts, running time, grade, average
// and count, the member's rating panel (stars, 예상 별점, action row, my comment), synopsis, poster, cast and crew
// three per page, 베스트 코멘트 (the most liked, a carousel) with the way to all of them, and 비슷한 작품.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useState } from "react";
import { useDocumentTitle, useNumericParam } from "../../../shared/hooks";
import { isNotFound } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Loading } from "../../../shared/ui/loading";
import { NotFoundView } from "../../../shared/ui/not-found-view";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { AddToCollectionSheet } from "../../collections";
import { SimilarMovies } from "../../rating";
import { MovieReviewPanel, ReviewPreview } from "../../reviews";
import { movieQueries } from "../api/movies-api";
import { CastPager } from "../components/cast-pager";
import { MoreMenu } from "../components/more-menu";
import { MovieColumns } from "../components/movie-columns";
import { MovieHero } from "../components/movie-hero";
import { MovieSynopsis } from "../components/movie-synopsis";
import { WhereToWatch } from "../components/where-to-watch";
import { MOVIES } from "../strings";

function MovieDetail({ movieId }: { movieId: number }) {
  const client = useQueryClient();
  const query = useQuery(movieQueries.detail(movieId));
  const [menuOpen, setMenuOpen] = useState(false);
  // The page's first full render runs as a transition React can pause for input (no long task when the data lands).
  const movie = useDeferredValue(query.data);
  useDocumentTitle(movie?.title ?? MOVIES.movieTitle);
  const refetchMovie = useCallback(
    () => void client.invalidateQueries({ queryKey: movieQueries.detail(movieId).queryKey }),
    [client, movieId],
  );

  if (isNotFound(query.error)) return <NotFoundView title={MOVIES.movieTitle} message={MOVIES.missing} />;
  if (movie === undefined && (query.isPending || query.data !== undefined)) {
    return (
      <>
        <PageHeader title={MOVIES.movieTitle} />
        <Loading />
      </>
    );
  }
  if (!movie) {
    return (
      <>
        <PageHeader title={MOVIES.movieTitle} />
        <EmptyState message={MOVIES.notFound}>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <MovieHero movie={movie} />
      <MovieColumns
        main={
          <>
            <MovieReviewPanel
              movieId={movie.id}
              movieTitle={movie.title}
              onSaved={refetchMovie}
              onMore={() => setMenuOpen(true)}
            />
            <MovieSynopsis movie={movie} />
            <WhereToWatch movie={movie} />
            <CastPager credits={movie.participants} />
          </>
        }
        aside={<ReviewPreview movieId={movie.id} reviewsCount={movie.reviews_count} />}
      />
      <div className="border-t-8 border-gray-50">
        <SimilarMovies movieId={movie.id} />
      </div>
      <MoreMenu
        movieId={movie.id}
        open={menuOpen}
        onOpenChange={setMenuOpen}
        AddToCollectionSheet={AddToCollectionSheet}
      />
    </>
  );
}

export default function MoviePage() {
  const movieId = useNumericParam("movieId");
  if (movieId === null) {
    return <NotFoundView title={MOVIES.movieTitle} message={MOVIES.missing} />;
  }
  return <MovieDetail key={movieId} movieId={movieId} />;
}
