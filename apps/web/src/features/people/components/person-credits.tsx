// The person's movies by role in tabs 감독 / 출연 (only tabs that have movies), from GET …/movies.
import { CREDIT_GROUPS } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { UI } from "../../../shared/ui/strings";
import { TabPanel, Tabs } from "../../../shared/ui/tabs";
import { peopleQueries } from "../api/people-api";
import { PEOPLE } from "../strings";
import { CreditColumns } from "./credit-columns";

type Group = (typeof CREDIT_GROUPS)[number];
const TAB_LABELS: Record<Group, string> = { 감독: PEOPLE.tabDirector, 출연: PEOPLE.tabCast };

export function PersonCredits({ personId }: { personId: number }) {
  const query = useQuery(peopleQueries.credits(personId));
  const [chosen, setChosen] = useState<Group | null>(null);
  if (query.isPending) return <Loading />;
  if (!query.data) {
    return (
      <div className="flex flex-col items-center gap-2 py-10">
        <ErrorText>{PEOPLE.moviesFailed}</ErrorText>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {UI.retry}
        </Button>
      </div>
    );
  }
  // The people page selects a group by equality with its tab label (API.md §4.0 PersonCredits).
  const groups = CREDIT_GROUPS.map((role) => ({
    role,
    movies: query.data?.find((group) => group.role === role)?.movies ?? [],
  })).filter((group) => group.movies.length > 0);
  const first = groups[0];
  if (!first) return <EmptyState message={PEOPLE.noMovies} />;
  const active = groups.find((group) => group.role === chosen) ?? first;
  return (
    <section aria-label={PEOPLE.tabsLabel}>
      <Tabs
        items={groups.map((group) => ({
          value: group.role,
          label: `${TAB_LABELS[group.role]} ${group.movies.length}`,
        }))}
        value={active.role}
        onChange={setChosen}
        label={PEOPLE.tabsLabel}
        idPrefix="person-credits"
      />
      <TabPanel idPrefix="person-credits" value={active.role}>
        <CreditColumns movies={active.movies} label={TAB_LABELS[active.role]} />
      </TabPanel>
    </section>
  );
}
