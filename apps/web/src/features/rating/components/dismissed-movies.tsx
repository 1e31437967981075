// Settings' 관심없어요 list: every film the member dismissed, newest first, each with 되돌리기 (the film comes back
// to 평가하기 and the recommendations).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { Poster } from "../../../shared/ui/poster";
import { UI } from "../../../shared/ui/strings";
import { ratingQueries, undismissMovie } from "../api/rating-api";
import { RATING } from "../strings";

export function DismissedMovies({ userId }: { userId: number }) {
  const client = useQueryClient();
  const options = ratingQueries.dismissed(userId);
  const query = useQuery(options);
  const undo = useMutation({
    mutationFn: undismissMovie,
    onSuccess: (_result, movieId) => {
      client.setQueryData(options.queryKey, (list) => list?.filter((m) => m.id !== movieId));
      void client.invalidateQueries({ queryKey: ["recommend"], refetchType: "none" });
    },
  });

  return (
    <section aria-labelledby="dismissed-heading" className="border-t-8 border-gray-50 py-4">
      <h2 id="dismissed-heading" className="px-4 text-base font-bold text-gray-900">
        {RATING.dismissedTitle}
      </h2>
      <p className="px-4 pt-1 text-sm text-gray-500">{RATING.dismissedIntro}</p>
      {undo.isError ? <ErrorText className="px-4 pt-2">{RATING.undoFailed}</ErrorText> : null}
      {query.isPending ? (
        <Loading className="py-6" />
      ) : query.isError ? (
        <div className="flex items-center gap-2 px-4 py-4">
          <ErrorText>{RATING.dismissedFailed}</ErrorText>
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <EmptyState message={RATING.dismissedEmpty} className="py-8" />
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {query.data.map((movie) => (
            <li key={movie.id} className="flex items-center gap-3 px-4 py-3">
              <Link to={`/movies/${movie.id}`} className="w-12 shrink-0" tabIndex={-1}>
                <Poster src={movie.poster_url} title={movie.title} />
              </Link>
              <div className="min-w-0 flex-1">
                <Link to={`/movies/${movie.id}`} className="block truncate font-semibold text-gray-900 hover:underline">
                  {movie.title}
                </Link>
                <p className="truncate text-sm text-gray-500">
                  {[String(movie.year), ...movie.genres.slice(0, 2)].join(" · ")}
                </p>
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={RATING.undoLabel(movie.title)}
                disabled={undo.isPending && undo.variables === movie.id}
                onClick={() => undo.mutate(movie.id)}
              >
                {RATING.undo}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
