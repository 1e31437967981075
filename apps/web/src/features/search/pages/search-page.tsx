// /search?query=…&category=…: the search box, then the category tabs 영화, 장르 (with genre sub-tabs), 인물, 컬렉션,
// 사용자, each with its count. Without a category in the URL the page opens the first tab that has results (봉준호 →
// 인물 unless films match too; his films also follow the title matches in 영화). Query, tab and genre live in the URL,
// so reload and back navigation bring the same results back.
import { Search } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { TabPanel, Tabs } from "../../../shared/ui/tabs";
import { CategoryResults } from "../components/category-results";
import { GenreResults } from "../components/genre-results";
import { SearchForm } from "../components/search-form";
import { SEARCH_COUNT_CAP, useSearchSummary } from "../hooks/use-search-summary";
import { CATEGORIES, type Category, readSearchParams, type SearchUrlState, toSearchParams } from "../lib/search-params";
import { SEARCH } from "../strings";

function TabLabel({ category, count }: { category: Category; count: number | undefined }) {
  return (
    <>
      {SEARCH.categories[category]}
      {count !== undefined ? " " : null}
      {count !== undefined ? (
        <span className=" text-[13px] font-normal text-gray-400 tabular-nums">
          {count >= SEARCH_COUNT_CAP ? SEARCH.countCapped : count}
        </span>
      ) : null}
    </>
  );
}

function Results({ state, go }: { state: SearchUrlState; go: (next: SearchUrlState, replace: boolean) => void }) {
  const summary = useSearchSummary(state.query);
  const category = state.category ?? summary.landing ?? null;
  // Landing on a tab writes it into the URL (replacing the entry), so reload and back keep that tab.
  useEffect(() => {
    if (state.category === null && summary.landing) go({ ...state, category: summary.landing }, true);
  }, [state, summary.landing, go]);

  if (summary.landing === undefined && state.category === null) return <Loading />;
  const shown = category ?? "movie";
  const items = CATEGORIES.map((value) => ({
    value,
    label: <TabLabel category={value} count={summary.counts[value]} />,
  }));
  return (
    <>
      <Tabs
        items={items}
        value={shown}
        onChange={(next) => go({ ...state, category: next, genre: null }, true)}
        label={SEARCH.tabsLabel}
        idPrefix="search"
      />
      <TabPanel idPrefix="search" value={shown}>
        {shown === "genre" ? (
          <GenreResults
            query={state.query}
            genre={state.genre}
            onGenreChange={(genre) => go({ ...state, genre }, true)}
          />
        ) : (
          <CategoryResults
            key={shown}
            query={state.query}
            category={shown}
            personFilms={shown === "movie" ? summary.personFilms : undefined}
          />
        )}
      </TabPanel>
    </>
  );
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchParams(params);
  // A new query is a new history entry (and lands on its own first tab); a tab change replaces the current one.
  const go = (next: SearchUrlState, replace: boolean) => void setParams(toSearchParams(next), { replace });

  return (
    <>
      <PageHeader title={SEARCH.pageTitle} back={false} />
      <SearchForm current={state.query} onSearch={(query) => go({ query, category: null, genre: null }, false)} />
      {state.query ? (
        <Results key={state.query} state={state} go={go} />
      ) : (
        <EmptyState icon={<Search aria-hidden size={40} />} message={SEARCH.prompt} />
      )}
    </>
  );
}
