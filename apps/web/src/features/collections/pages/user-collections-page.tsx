// /profile/:userId/collections: the user's collections, oldest first, in windows of 5 with infinite scroll. On the
// member's own profile a "새 컬렉션" button leads to the editor (collections are created only there, SPEC §6).
import { PAGE_SIZE, MSG } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { FolderPlus, Plus } from "lucide-react";
import { useInfiniteWindow, useNumericParam } from "../../../shared/hooks";
import { useAuth } from "../../../shared/lib/auth";
import { LinkButton } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { InfiniteFooter } from "../../../shared/ui/infinite-footer";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { profileQueries } from "../../profile";
import { collectionQueries, fetchUserCollections } from "../api/collections-api";
import { CollectionCard } from "../components/collection-card";
import { COLLECTIONS } from "../strings";

export default function UserCollectionsPage() {
  const userId = useNumericParam("userId");
  const { userId: myId } = useAuth();
  const own = userId !== null && userId === myId;
  const profile = useQuery({ ...profileQueries.profile(userId ?? 0), enabled: userId !== null });
  const list = useInfiniteWindow({
    queryKey: collectionQueries.userList(userId ?? 0),
    fetchWindow: (begin, end, signal) =>
      userId === null ? Promise.resolve(null) : fetchUserCollections(userId, { begin, end }, signal),
    pageSize: PAGE_SIZE.collections,
    enabled: userId !== null,
  });
  const newHref = `/profile/${userId}/collections/new`;

  return (
    <>
      <PageHeader title={COLLECTIONS.listTitle} backFallback={userId === null ? "/" : `/profile/${userId}`} />
      <div className="flex min-h-14 items-center justify-between gap-3 px-4 pt-3">
        <p className="min-w-0 truncate text-[15px] font-semibold text-gray-800">
          {profile.data ? COLLECTIONS.ownerCollections(profile.data.username) : null}
        </p>
        {own ? (
          <LinkButton to={newHref} size="sm" className="shrink-0">
            <Plus aria-hidden size={16} />
            {COLLECTIONS.newCollection}
          </LinkButton>
        ) : null}
      </div>
      {userId === null ? (
        <ErrorText className="px-4 py-10 text-center">{MSG.listFailed}</ErrorText>
      ) : list.isLoading ? (
        <Loading />
      ) : list.isError ? (
        <ErrorText className="px-4 py-10 text-center">{MSG.listFailed}</ErrorText>
      ) : list.isEmpty ? (
        <EmptyState
          icon={<FolderPlus aria-hidden size={40} />}
          message={own ? COLLECTIONS.emptyListOwn : COLLECTIONS.emptyList}
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {list.items.map((collection) => (
            <li key={collection.id}>
              <CollectionCard collection={collection} />
            </li>
          ))}
        </ul>
      )}
      <InfiniteFooter list={list} />
    </>
  );
}
