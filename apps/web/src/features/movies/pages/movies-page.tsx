// /movies: the charts — 박스오피스 순위, 구매 순위, 스트리밍 순위 — each numbered from 1.
import { PageHeader } from "../../../shared/ui/page-header";
import { DataSourcesNote } from "../../about";
import { ChartRow } from "../components/chart-row";
import { MOVIES } from "../strings";

export default function MoviesPage() {
  return (
    <>
      <PageHeader title={MOVIES.chartsTitle} />
      <ChartRow type="box_office" />
      <ChartRow type="watcha_buying" />
      <ChartRow type="netflix" />
      <DataSourcesNote />
    </>
  );
}
