// One recommendation list: a horizontal row of posters, titles and "예상 ★ 4.3", each a link to the movie. In
// 평균보다 내 취향 each film also says why it is there: "평균보다 +0.8", its prediction minus its average rating.
import { MSG } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../../shared/ui/button";
import { HorizontalPosterRow } from "../../../shared/ui/horizontal-poster-row";
import { type RecommendKind, recommendQueries } from "../api/recommend-api";
import { RECOMMEND } from "../strings";

export function RecommendList({ userId, kind, title }: { userId: number; kind: RecommendKind; title: string }) {
  const query = useQuery(recommendQueries.list(userId, kind));
  const items = (query.data ?? []).map(({ movie, expectedRating }) => ({
    id: movie.id,
    title: movie.title,
    posterUrl: movie.poster_url,
    href: `/movies/${movie.id}`,
    caption: (
      <>
        <span className="font-semibold text-gray-700">{RECOMMEND.expected(expectedRating)}</span>
        {kind === "difference" && movie.average_rating !== null ? (
          <span className="block text-accent" title={RECOMMEND.aboveAverageHint(movie.average_rating)}>
            {RECOMMEND.aboveAverage(Math.round((expectedRating - movie.average_rating) * 10) / 10)}
          </span>
        ) : null}
      </>
    ),
  }));
  return (
    <div data-testid={`recommend-${kind}`}>
      <HorizontalPosterRow
        title={title}
        items={items}
        loading={query.isPending}
        error={query.isError ? MSG.recommendationsFailed : undefined}
        emptyMessage={RECOMMEND.empty}
      />
      {query.isError ? (
        <div className="px-4 pb-2">
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {RECOMMEND.retry}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
