// One recommendation list: a horizontal row of posters, titles and "예상 ★ 4.3", each a link to the movie.
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
    caption: <span className="font-semibold text-gray-700">{RECOMMEND.expected(expectedRating)}</span>,
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
