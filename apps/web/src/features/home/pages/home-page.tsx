// "/": the entries to taste analysis and recommendations (login prompt for visitors), then the HOT ranking and the
// box office, each numbered from 1; members also see the first items of 소식 and, on phones, the bell.
import { useDocumentTitle } from "../../../shared/hooks";
import { FeedPreview } from "../../community";
import { ChartRow } from "../../movies";
import { HeaderExtra } from "../../../shared/ui/header-extra";
import { MemberEntries } from "../components/member-entries";
import { HOME } from "../strings";

export default function HomePage() {
  useDocumentTitle(undefined);
  return (
    <>
      <header className="flex items-start gap-2 px-4 pt-6 pb-2">
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-extrabold tracking-tight text-accent">{HOME.brand}</h1>
          <p className="mt-1 text-sm text-gray-500">{HOME.tagline}</p>
        </div>
        <HeaderExtra />
      </header>
      <MemberEntries />
      <FeedPreview />
      <ChartRow type="watcha10" title={HOME.hotRanking} />
      <ChartRow type="box_office" title={HOME.boxOffice} more="/movies" />
    </>
  );
}
