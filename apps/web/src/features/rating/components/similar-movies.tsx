// The movie page's 비슷한 작품: a row of posters from GET /api/movies/{id}/similar, with loading, empty and error states.
import { useQuery } from "@tanstack/react-query";
import { HorizontalPosterRow } from "../../../shared/ui/horizontal-poster-row";
import { ratingQueries } from "../api/rating-api";
import { RATING } from "../strings";

export function SimilarMovies({ movieId }: { movieId: number }) {
  const query = useQuery(ratingQueries.similar(movieId));
  return (
    <HorizontalPosterRow
      title={RATING.similarTitle}
      loading={query.isPending}
      error={query.isError ? RATING.similarFailed : null}
      emptyMessage={RATING.similarEmpty}
      items={(query.data ?? []).map((movie) => ({
        id: movie.id,
        title: movie.title,
        posterUrl: movie.poster_url,
        href: `/movies/${movie.id}`,
        caption:
          movie.average_rating === null ? String(movie.year) : `${movie.year} · ★ ${movie.average_rating.toFixed(1)}`,
      }))}
    />
  );
}
