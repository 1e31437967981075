// 출연/제작: the movie's credits in billing order, three per page, paged sideways (SPEC §9).
import { type Credit, PAGE_SIZE } from "@moviepedia/contract";
import { Link } from "react-router";
import { ColumnPager } from "../../../shared/ui/column-pager";
import { EmptyState } from "../../../shared/ui/empty-state";
import { MediaImage } from "../../../shared/ui/media-image";
import { splitCreditRole } from "../lib/format";
import { MOVIES } from "../strings";

function CreditRow({ credit }: { credit: Credit }) {
  const { kind, character } = splitCreditRole(credit.role);
  return (
    <Link
      to={`/people/${credit.id}`}
      className="flex items-center gap-3 rounded-lg py-2 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <MediaImage
        src={credit.profile_url}
        kind="person"
        alt=""
        width={56}
        height={56}
        artId={credit.id}
        className="h-14 w-14 shrink-0 rounded-md object-cover ring-1 ring-black/5"
      />
      <span className="min-w-0 flex-1 border-b border-gray-100 pb-2">
        <span className="block truncate text-[15px] font-semibold text-gray-900">{credit.name}</span>
        <span className="block truncate text-sm text-gray-500">
          {kind}
          {character ? ` · ${MOVIES.characterOf(character)}` : ""}
        </span>
      </span>
    </Link>
  );
}

export function CastPager({ credits }: { credits: readonly Credit[] }) {
  const heading = (
    <h2 id="cast-heading" className="text-lg font-bold text-gray-900">
      {MOVIES.castTitle}
    </h2>
  );
  return (
    <section aria-labelledby="cast-heading" className="border-t-8 border-gray-50 pt-5 pb-3">
      {credits.length === 0 ? (
        <>
          <div className="px-4">{heading}</div>
          <EmptyState message={MOVIES.castEmpty} className="py-6" />
        </>
      ) : (
        <ColumnPager
          items={credits}
          perColumn={PAGE_SIZE.castPerPage}
          label={MOVIES.castTitle}
          header={heading}
          getKey={(credit) => `${credit.id}:${credit.role}`}
          renderItem={(credit) => <CreditRow credit={credit} />}
        />
      )}
    </section>
  );
}
