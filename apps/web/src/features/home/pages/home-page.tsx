// "/": for a member, 평가하기 with their count and the rows made for them (issue #18); the entries to taste analysis
// and recommendations (login prompt for visitors), then the HOT ranking and the box office, each numbered from 1.
import { useDocumentTitle } from "../../../shared/hooks";
import { DataSourcesNote } from "../../about";
import { useAuth } from "../../../shared/lib/auth";
import { ChartRow } from "../../movies";
import { MemberEntries } from "../components/member-entries";
import { MemberRows } from "../components/member-rows";
import { HOME } from "../strings";

export default function HomePage() {
  useDocumentTitle(undefined);
  const { isLoggedIn, userId } = useAuth();
  return (
    <>
      <header className="px-4 pt-6 pb-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-accent">{HOME.brand}</h1>
        <p className="mt-1 text-sm text-gray-500">{HOME.tagline}</p>
      </header>
      {isLoggedIn && userId !== null ? <MemberRows userId={userId} /> : null}
      <MemberEntries />
      <ChartRow type="watcha10" title={HOME.hotRanking} />
      <ChartRow type="box_office" title={HOME.boxOffice} more="/movies" />
      <DataSourcesNote />
    </>
  );
}
