// /collections/:collectionId: owner, title, overview, counts, like / comments / share, the movie grid and the
// comments. The owner's menu (수정, 삭제) sits in the header. A failed load shows "컬렉션을 찾을 수 없습니다" for a
// 404 and a load error otherwise (SPEC §8; the fetcher logs "Failed to fetch collection details").
import { MSG } from "@moviepedia/contract";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useDocumentTitle, useNumericParam } from "../../../shared/hooks";
import { useAuth } from "../../../shared/lib/auth";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { NotFoundView } from "../../../shared/ui/not-found-view";
import { PageHeader } from "../../../shared/ui/page-header";
import { UI } from "../../../shared/ui/strings";
import { CollectionLoadError, collectionQueries } from "../api/collections-api";
import { CollectionComments } from "../components/collection-comments";
import { CollectionMovieGrid } from "../components/collection-movie-grid";
import { CollectionSummary } from "../components/collection-summary";
import { OwnerMenu } from "../components/owner-menu";
import { COLLECTIONS } from "../strings";

export default function CollectionPage() {
  const collectionId = useNumericParam("collectionId");
  const { userId: myId } = useAuth();
  const query = useQuery({ ...collectionQueries.detail(collectionId ?? 0), enabled: collectionId !== null });
  const commentsHeading = useRef<HTMLHeadingElement>(null);
  const collection = query.data;
  useDocumentTitle(collection?.title ?? COLLECTIONS.pageTitle);

  const notFound = collectionId === null || (query.error instanceof CollectionLoadError && query.error.notFound);
  const owner = collection && myId !== null && collection.user_id === myId;

  function jumpToComments() {
    const heading = commentsHeading.current;
    if (!heading) return;
    heading.scrollIntoView({ behavior: "smooth", block: "start" });
    heading.focus({ preventScroll: true });
  }

  return (
    <>
      <PageHeader
        title={COLLECTIONS.pageTitle}
        actions={owner ? <OwnerMenu collectionId={collection.id} ownerId={collection.user_id} /> : null}
      />
      {notFound ? (
        <NotFoundView title={null} message={MSG.collectionNotFound} />
      ) : query.isError ? (
        <div className="flex flex-col items-center gap-3 px-4 py-14">
          <ErrorText className="text-center">{COLLECTIONS.loadFailed}</ErrorText>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {UI.retry}
          </Button>
        </div>
      ) : !collection ? (
        <Loading />
      ) : (
        <>
          <CollectionSummary collection={collection} onJumpToComments={jumpToComments} />
          <CollectionMovieGrid movies={collection.movies} />
          <CollectionComments
            collectionId={collection.id}
            count={collection.comments_count}
            headingRef={commentsHeading}
          />
        </>
      )}
    </>
  );
}
