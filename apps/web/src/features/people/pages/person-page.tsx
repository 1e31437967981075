// /people/:peopleId: name, roles (감독 / 배우), like with its count, and the movies by role in tabs.
import { useQuery } from "@tanstack/react-query";
import { useNumericParam } from "../../../shared/hooks";
import { isNotFound } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Loading } from "../../../shared/ui/loading";
import { NotFoundView } from "../../../shared/ui/not-found-view";
import { PageHeader } from "../../../shared/ui/page-header";
import { MediaImage } from "../../../shared/ui/media-image";
import { UI } from "../../../shared/ui/strings";
import { peopleQueries } from "../api/people-api";
import { PersonCredits } from "../components/person-credits";
import { PersonLikeButton } from "../components/person-like-button";
import { PEOPLE } from "../strings";

function PersonDetail({ personId }: { personId: number }) {
  const query = useQuery(peopleQueries.person(personId));
  const person = query.data;
  if (isNotFound(query.error)) return <NotFoundView title={PEOPLE.title} message={PEOPLE.missing} />;
  if (query.isPending) {
    return (
      <>
        <PageHeader title={PEOPLE.title} />
        <Loading />
      </>
    );
  }
  if (!person) {
    return (
      <>
        <PageHeader title={PEOPLE.title} />
        <EmptyState message={PEOPLE.notFound}>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title={person.name} />
      <div className="flex items-center gap-4 px-4 py-5">
        <MediaImage
          src={person.profile_url}
          kind="person"
          alt={PEOPLE.portraitAlt(person.name)}
          width={96}
          height={96}
          artId={person.id}
          loading="eager"
          className="h-24 w-24 shrink-0 rounded-full object-cover ring-1 ring-black/5"
        />
        <div className="min-w-0 flex-1">
          <p className="text-2xl font-extrabold text-gray-900">{person.name}</p>
          {person.roles.length > 0 ? <p className="mt-0.5 text-sm text-gray-500">{person.roles.join(" · ")}</p> : null}
          <div className="mt-3">
            <PersonLikeButton person={person} />
          </div>
        </div>
      </div>
      {person.biography ? (
        <p className="px-4 pb-4 text-[15px] leading-relaxed whitespace-pre-line text-gray-700">{person.biography}</p>
      ) : null}
      <PersonCredits personId={person.id} />
    </>
  );
}

export default function PersonPage() {
  const personId = useNumericParam("peopleId");
  if (personId === null) {
    return (
      <>
        <PageHeader title={PEOPLE.title} />
        <EmptyState message={PEOPLE.notFound} />
      </>
    );
  }
  return <PersonDetail key={personId} personId={personId} />;
}
