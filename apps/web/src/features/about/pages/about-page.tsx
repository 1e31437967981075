// /about: what the service is and the notices its data sources require (TMDB, KOBIS, JustWatch).
import { useDocumentTitle } from "../../../shared/hooks";
import { PageHeader } from "../../../shared/ui/page-header";
import { ABOUT } from "../strings";

interface Source {
  name: string;
  use: string;
  href: string;
  notices: { text: string; lang: "ko" | "en" }[];
}

const SOURCES: Source[] = [
  {
    name: ABOUT.tmdbName,
    use: ABOUT.tmdbUse,
    href: "https://www.themoviedb.org/",
    notices: [
      { text: ABOUT.tmdbNoticeEn, lang: "en" },
      { text: ABOUT.tmdbNoticeKo, lang: "ko" },
    ],
  },
  {
    name: ABOUT.kobisName,
    use: ABOUT.kobisUse,
    href: "https://www.kobis.or.kr/",
    notices: [{ text: ABOUT.kobisNotice, lang: "ko" }],
  },
  {
    name: ABOUT.justwatchName,
    use: ABOUT.justwatchUse,
    href: "https://www.justwatch.com/kr",
    notices: [{ text: ABOUT.justwatchNotice, lang: "ko" }],
  },
];

export default function AboutPage() {
  useDocumentTitle(ABOUT.title);
  return (
    <>
      <PageHeader title={ABOUT.title} />
      <div className="px-5 py-5">
        <p className="text-[15px] leading-relaxed text-gray-700">{ABOUT.intro}</p>
        <h2 className="mt-8 text-lg font-bold text-gray-900">{ABOUT.sourcesHeading}</h2>
        <ul className="mt-3 divide-y divide-gray-100 border-y border-gray-100">
          {SOURCES.map((source) => (
            <li key={source.name} className="py-4">
              <h3 className="text-[15px] font-semibold text-gray-900">
                <a
                  href={source.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={ABOUT.visit(source.name)}
                  className="hover:underline focus-visible:outline-2 focus-visible:outline-accent"
                >
                  {source.name}
                </a>
              </h3>
              <p className="mt-0.5 text-sm text-gray-500">{source.use}</p>
              {source.notices.map((notice) => (
                <p key={notice.text} lang={notice.lang} className="mt-2 text-sm leading-relaxed text-gray-700">
                  {notice.text}
                </p>
              ))}
            </li>
          ))}
        </ul>
        <h2 className="mt-8 text-lg font-bold text-gray-900">{ABOUT.imagesHeading}</h2>
        <p className="mt-2 text-sm leading-relaxed text-gray-700">{ABOUT.imagesBody}</p>
      </div>
    </>
  );
}
