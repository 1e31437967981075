// /profile/:userId/collections/new?movie=id: a new collection, only on one's own profile (another id leads to that
// profile; visitors are asked to log in). `movie` preselects a movie. Saving opens the new collection.
import { MAX_ID } from "@moviepedia/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { useNumericParam } from "../../../shared/hooks";
import { useAuth } from "../../../shared/lib/auth";
import { Loading } from "../../../shared/ui/loading";
import { PageHeader } from "../../../shared/ui/page-header";
import { profileQueries } from "../../profile";
import { collectionQueries, createCollection, fetchMoviesByIds } from "../api/collections-api";
import { CollectionEditor } from "../components/collection-editor";
import { LoginToEdit } from "../components/login-to-edit";
import type { EditorState } from "../hooks/use-collection-editor";
import { COLLECTIONS } from "../strings";

function parseMovieId(raw: string | null): number | null {
  if (!raw || !/^[0-9]+$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

export default function NewCollectionPage() {
  const userId = useNumericParam("userId");
  const { isLoggedIn, userId: myId } = useAuth();
  const [params] = useSearchParams();
  const movieId = parseMovieId(params.get("movie"));
  const client = useQueryClient();
  const navigate = useNavigate();
  const own = isLoggedIn && userId !== null && userId === myId;

  const preselect = useQuery({
    queryKey: [...collectionQueries.all, "preselect", movieId],
    queryFn: ({ signal }) => fetchMoviesByIds(movieId === null ? [] : [movieId], signal),
    enabled: own && movieId !== null,
    retry: false,
  });

  async function save(state: EditorState) {
    const created = await createCollection({
      title: state.title.trim(),
      overview: state.overview.trim() === "" ? null : state.overview,
      movieIds: state.movies.map((movie) => movie.id),
    });
    client.setQueryData(collectionQueries.detail(created.id).queryKey, created);
    void client.invalidateQueries({ queryKey: [...collectionQueries.all, "user"] });
    if (myId !== null) void client.invalidateQueries({ queryKey: profileQueries.member(myId) });
    void navigate(`/collections/${created.id}`, { replace: true });
  }

  if (isLoggedIn && myId !== null && userId !== myId) {
    return <Navigate to={userId === null ? "/" : `/profile/${userId}`} replace />;
  }

  const movie = preselect.data?.[0];
  const preselectFailed = movieId !== null && (preselect.isError || (preselect.isSuccess && !movie));
  return (
    <>
      <PageHeader
        title={COLLECTIONS.newTitle}
        backFallback={userId === null ? "/" : `/profile/${userId}/collections`}
      />
      {!own ? (
        <LoginToEdit />
      ) : movieId !== null && preselect.isPending ? (
        <Loading />
      ) : (
        <CollectionEditor
          initial={{
            title: "",
            overview: "",
            movies: movie ? [{ id: movie.id, title: movie.title, poster_url: movie.poster_url }] : [],
          }}
          notice={preselectFailed ? COLLECTIONS.preselectFailed : null}
          submitLabel={COLLECTIONS.create}
          onSubmit={save}
        />
      )}
    </>
  );
}
