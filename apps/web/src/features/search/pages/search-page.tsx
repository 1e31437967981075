// /search?query=…&category=…: the search box, then the category tabs 영화, 장르 (with genre sub-tabs), 인물, 컬렉션,
// 사용자. Query, tab and genre live in the URL, so reload and back navigation bring the same results back.
import { Search } from "lucide-react";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../shared/ui/empty-state";
import { PageHeader } from "../../../shared/ui/page-header";
import { TabPanel, Tabs } from "../../../shared/ui/tabs";
import { CategoryResults } from "../components/category-results";
import { GenreResults } from "../components/genre-results";
import { SearchForm } from "../components/search-form";
import { CATEGORIES, readSearchParams, type SearchUrlState, toSearchParams } from "../lib/search-params";
import { SEARCH } from "../strings";

const TABS = CATEGORIES.map((value) => ({ value, label: SEARCH.categories[value] }));

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchParams(params);
  // A new query is a new history entry; a tab change replaces the current one.
  const go = (next: SearchUrlState, replace: boolean) => void setParams(toSearchParams(next), { replace });

  return (
    <>
      <PageHeader title={SEARCH.pageTitle} back={false} />
      <SearchForm current={state.query} onSearch={(query) => go({ ...state, query, genre: null }, false)} />
      {state.query ? (
        <>
          <Tabs
            items={TABS}
            value={state.category}
            onChange={(category) => go({ ...state, category, genre: null }, true)}
            label={SEARCH.tabsLabel}
            idPrefix="search"
          />
          <TabPanel idPrefix="search" value={state.category}>
            {state.category === "genre" ? (
              <GenreResults
                query={state.query}
                genre={state.genre}
                onGenreChange={(genre) => go({ ...state, genre }, true)}
              />
            ) : (
              <CategoryResults key={state.category} query={state.query} category={state.category} />
            )}
          </TabPanel>
        </>
      ) : (
        <EmptyState icon={<Search aria-hidden size={40} />} message={SEARCH.prompt} />
      )}
    </>
  );
}
