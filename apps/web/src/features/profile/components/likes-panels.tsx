// One tab of the likes page: an infinite list of what the member liked, with loading, empty and error states.
import { PAGE_SIZE } from "@moviepedia/contract";
import type { ReactNode } from "react";
import { type InfiniteWindow, useInfiniteWindow } from "../../../shared/hooks/use-infinite-window";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { UI } from "../../../shared/ui/strings";
import { fetchLikedCollections, fetchLikedPeople, fetchLikedReviews, type LikesTab } from "../api/lists-api";
import { profileQueries } from "../api/profile-api";
import { PROFILE } from "../strings";
import { LikedCollectionCard, LikedPersonRow, LikedReviewCard } from "./liked-items";

const PAGE = PAGE_SIZE.reviews;

function ListState<T extends { id: number }>({
  list,
  empty,
  children,
}: {
  list: InfiniteWindow<T>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isLoading) return <Loading />;
  if (list.isError) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-14">
        <ErrorText>{PROFILE.listFailed}</ErrorText>
        <Button variant="secondary" size="sm" onClick={list.retry}>
          {UI.retry}
        </Button>
      </div>
    );
  }
  if (list.isEmpty) return <EmptyState message={empty} />;
  return (
    <>
      {children(list.items)}
      <InfiniteFooter list={list} />
    </>
  );
}

function PeoplePanel({ myId }: { myId: number }) {
  const list = useInfiniteWindow({
    queryKey: profileQueries.list(myId, "likes-participants"),
    fetchWindow: fetchLikedPeople,
    pageSize: PAGE,
  });
  return (
    <ListState list={list} empty={PROFILE.noLikedPeople}>
      {(items) => (
        <ul className="divide-y divide-gray-100">
          {items.map((person) => (
            <LikedPersonRow key={person.id} person={person} />
          ))}
        </ul>
      )}
    </ListState>
  );
}

function CollectionsPanel({ myId }: { myId: number }) {
  const list = useInfiniteWindow({
    queryKey: profileQueries.list(myId, "likes-collections"),
    fetchWindow: fetchLikedCollections,
    pageSize: PAGE,
  });
  return (
    <ListState list={list} empty={PROFILE.noLikedCollections}>
      {(items) => (
        <ul className="divide-y divide-gray-100 py-1">
          {items.map((collection) => (
            <LikedCollectionCard key={collection.id} collection={collection} />
          ))}
        </ul>
      )}
    </ListState>
  );
}

function ReviewsPanel({ myId }: { myId: number }) {
  const list = useInfiniteWindow({
    queryKey: profileQueries.list(myId, "likes-reviews"),
    fetchWindow: fetchLikedReviews,
    pageSize: PAGE,
  });
  return (
    <ListState list={list} empty={PROFILE.noLikedReviews}>
      {(items) => (
        <ul className="flex flex-col gap-5 p-4">
          {items.map((item) => (
            <LikedReviewCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </ListState>
  );
}

export function LikesPanel({ tab, myId }: { tab: LikesTab; myId: number }) {
  if (tab === "collections") return <CollectionsPanel myId={myId} />;
  if (tab === "reviews") return <ReviewsPanel myId={myId} />;
  return <PeoplePanel myId={myId} />;
}
