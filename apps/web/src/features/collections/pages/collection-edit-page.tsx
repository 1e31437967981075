// /collections/:collectionId/edit: the owner edits title, overview and movies; saving PATCHes the difference
// (add_movie_ids in added order, delete_movie_ids) and opens the collection. Others are sent to the collection page;
// visitors are asked to log in.
import { MSG } from "@moviepedia/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate, useNavigate } from "react-router";
import { useNumericParam } from "../../../shared/hooks";
import { useAuth } from "../../../shared/lib/auth";
import { EmptyState } from "../../../shared/ui/empty-state";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { CollectionLoadError, collectionQueries, updateCollection } from "../api/collections-api";
import { CollectionEditor } from "../components/collection-editor";
import { LoginToEdit } from "../components/login-to-edit";
import { type EditorState, movieDiff } from "../hooks/use-collection-editor";
import { COLLECTIONS } from "../strings";

export default function CollectionEditPage() {
  const collectionId = useNumericParam("collectionId");
  const { isLoggedIn, userId: myId } = useAuth();
  const client = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery({
    ...collectionQueries.detail(collectionId ?? 0),
    enabled: collectionId !== null && isLoggedIn,
    // The form starts from the stored collection, never from a cached copy that may be stale.
    refetchOnMount: "always",
  });
  const collection = query.data;
  const notFound = collectionId === null || (query.error instanceof CollectionLoadError && query.error.notFound);
  const back = collectionId === null ? "/" : `/collections/${collectionId}`;

  async function save(state: EditorState) {
    if (!collection) return;
    const updated = await updateCollection(collection.id, {
      title: state.title.trim(),
      overview: state.overview,
      ...movieDiff(
        collection.movies.map((movie) => movie.id),
        state.movies,
      ),
    });
    client.setQueryData(collectionQueries.detail(updated.id).queryKey, updated);
    void client.invalidateQueries({ queryKey: [...collectionQueries.all, "user"] });
    void navigate(`/collections/${updated.id}`, { replace: true });
  }

  if (collection && myId !== null && collection.user_id !== myId) return <Navigate to={back} replace />;

  return (
    <>
      <PageHeader title={COLLECTIONS.editTitle} backFallback={back} />
      {!isLoggedIn ? (
        <LoginToEdit />
      ) : notFound ? (
        <EmptyState message={MSG.collectionNotFound} />
      ) : query.isError ? (
        <ErrorText className="px-4 py-14 text-center">{COLLECTIONS.loadFailed}</ErrorText>
      ) : !collection || !query.isFetchedAfterMount ? (
        <Loading />
      ) : (
        <CollectionEditor
          key={collection.id}
          initial={{
            title: collection.title,
            overview: collection.overview ?? "",
            movies: collection.movies.map(({ id, title, poster_url }) => ({ id, title, poster_url })),
          }}
          submitLabel={COLLECTIONS.save}
          onSubmit={save}
        />
      )}
    </>
  );
}
