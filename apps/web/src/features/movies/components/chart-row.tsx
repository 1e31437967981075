// One chart as a row of posters numbered 1…N (the API sends worst rank first; fetchChart reverses it).
import type { ChartType } from "@moviepedia/contract";
import { CHART_LABELS } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { HorizontalPosterRow } from "../../../shared/ui/horizontal-poster-row";
import { movieQueries } from "../api/movies-api";
import { MOVIES } from "../strings";

export function ChartRow({ type, title, more }: { type: ChartType; title?: string; more?: string }) {
  const query = useQuery(movieQueries.chart(type));
  const movies = query.data ?? [];
  return (
    <HorizontalPosterRow
      title={title ?? CHART_LABELS[type]}
      loading={query.isPending}
      error={query.isError || query.data === null ? MOVIES.chartFailed : null}
      emptyMessage={MOVIES.chartEmpty}
      more={more ? { href: more } : undefined}
      items={movies.map((movie, index) => ({
        id: movie.id,
        title: movie.title,
        posterUrl: movie.poster_url,
        href: `/movies/${movie.id}`,
        rank: index + 1,
        caption: MOVIES.yearAverage(movie.year, movie.average_rating),
      }))}
    />
  );
}
