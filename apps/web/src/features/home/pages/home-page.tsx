// "/": for a member, 평가하기 with their count and the rows made for them (issue #18) and the first items of 소식;
// the entries to taste analysis and recommendations (login prompt for visitors), then the HOT ranking and the box
// office, each numbered from 1; on phones the header holds the bell.
import { useDocumentTitle } from "../../../shared/hooks";
import { DataSourcesNote } from "../../about";
import { FeedPreview } from "../../community";
import { useAuth } from "../../../shared/lib/auth";
import { ChartRow } from "../../movies";
import { HeaderExtra } from "../../../shared/ui/header-extra";
import { MemberEntries } from "../components/member-entries";
import { MemberRows } from "../components/member-rows";
import { HOME } from "../strings";

export default function HomePage() {
  useDocumentTitle(undefined);
  const { isLoggedIn, userId } = useAuth();
  return (
    <>
      <header className="flex items-start gap-2 px-4 pt-6 pb-2">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-extrabold tracking-tight text-accent">{HOME.brand}</h1>
          <p className="mt-1 text-sm text-gray-500">{HOME.tagline}</p>
        </div>
        <HeaderExtra />
      </header>
      {isLoggedIn && userId !== null ? <MemberRows userId={userId} /> : null}
      <MemberEntries />
      <FeedPreview />
      <ChartRow type="watcha10" title={HOME.hotRanking} />
      <ChartRow type="box_office" title={HOME.boxOffice} more="/movies" />
      <DataSourcesNote />
    </>
  );
}
