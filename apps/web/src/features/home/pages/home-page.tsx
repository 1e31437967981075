// "/": the entries to taste analysis and recommendations (login prompt for visitors), then the HOT ranking and the
// box office, each numbered from 1.
import { useDocumentTitle } from "../../../shared/hooks";
import { DataSourcesNote } from "../../about";
import { ChartRow } from "../../movies";
import { MemberEntries } from "../components/member-entries";
import { HOME } from "../strings";

export default function HomePage() {
  useDocumentTitle(undefined);
  return (
    <>
      <header className="px-4 pt-6 pb-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-accent">{HOME.brand}</h1>
        <p className="mt-1 text-sm text-gray-500">{HOME.tagline}</p>
      </header>
      <MemberEntries />
      <ChartRow type="watcha10" title={HOME.hotRanking} />
      <ChartRow type="box_office" title={HOME.boxOffice} more="/movies" />
      <DataSourcesNote />
    </>
  );
}
