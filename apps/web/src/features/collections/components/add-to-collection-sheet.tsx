// The more menu's "컬렉션에 추가" (SPEC §2): my collections (all of them: the list without a range), those already
// holding the film marked, and a "새 컬렉션" entry that opens the editor with the film preselected. Tapping a
// collection adds the film with the PATCH the contract prescribes (current title and overview, one added id).
import { type Collection, errorMessage, LOG, MSG } from "@moviepedia/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, FolderPlus, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { isApiError } from "../../../shared/lib/api";
import { useAuth } from "../../../shared/lib/auth";
import { Dialog } from "../../../shared/ui/dialog";
import { ErrorText } from "../../../shared/ui/error-text";
import { Loading } from "../../../shared/ui/loading";
import { useRequireLogin } from "../../../shared/ui/login-required";
import { MediaImage } from "../../../shared/ui/media-image";
import { collectionQueries, updateCollection } from "../api/collections-api";
import { COLLECTIONS } from "../strings";

export interface AddToCollectionSheetProps {
  movieId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type Outcome = { kind: "added" | "error"; text: string } | null;

export default function AddToCollectionSheetView({ movieId, open, onOpenChange }: AddToCollectionSheetProps) {
  const { isLoggedIn, userId } = useAuth();
  const requireLogin = useRequireLogin();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);

  // Opened by a visitor: the login-required overlay instead of an empty sheet.
  useEffect(() => {
    if (open && !isLoggedIn) {
      onOpenChange(false);
      requireLogin();
    }
  }, [open, isLoggedIn, onOpenChange, requireLogin]);

  // The list without a range or movies_limit holds every movie of every collection (API.md §4.0, up to 1000 each):
  // membership is read from it directly, whatever a collection's size.
  const mine = useQuery({ ...collectionQueries.mine(userId ?? 0), enabled: open && userId !== null });
  const holds = (collection: Collection) => collection.movies.some((movie) => movie.id === movieId);

  const add = useMutation({
    mutationFn: (collection: Collection) =>
      updateCollection(collection.id, {
        title: collection.title,
        overview: collection.overview,
        addMovieIds: [movieId],
        deleteMovieIds: [],
      }),
    onMutate: () => setOutcome(null),
    onSuccess: (updated) => {
      client.setQueryData(collectionQueries.detail(updated.id).queryKey, updated);
      if (userId !== null) {
        client.setQueryData<Collection[]>(collectionQueries.mine(userId).queryKey, (list) =>
          list?.map((collection) => (collection.id === updated.id ? updated : collection)),
        );
      }
      void client.invalidateQueries({ queryKey: [...collectionQueries.all, "user"], refetchType: "none" });
      setOutcome({ kind: "added", text: COLLECTIONS.sheetAdded(updated.title) });
    },
    onError: (error, collection) => {
      console.error(LOG.updateCollection, error);
      const known = isApiError(error) && error.status < 500;
      setOutcome({ kind: "error", text: known ? errorMessage(error.code) : MSG.collectionUpdateFailed });
      if (isApiError(error) && error.code === "MOVIE_ALREADY_IN_COLLECTION") {
        void client.invalidateQueries({ queryKey: collectionQueries.detail(collection.id).queryKey });
        if (userId !== null) void client.invalidateQueries({ queryKey: collectionQueries.mine(userId).queryKey });
      }
    },
  });

  return (
    <Dialog
      open={open && isLoggedIn}
      onOpenChange={(next) => {
        if (!next) setOutcome(null);
        onOpenChange(next);
      }}
      title={COLLECTIONS.sheetTitle}
      variant="sheet"
      showClose
    >
      <div className="mt-3 min-h-6" aria-live="polite">
        {outcome?.kind === "added" ? <p className="text-sm text-gray-700">{outcome.text}</p> : null}
        {outcome?.kind === "error" ? <ErrorText>{outcome.text}</ErrorText> : null}
      </div>
      <ul className="mt-1 flex flex-col">
        <li>
          <Link
            to={`/profile/${userId}/collections/new?movie=${movieId}`}
            onClick={() => onOpenChange(false)}
            className="flex items-center gap-3 rounded-lg px-2 py-2.5 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent"
          >
            <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md bg-accent/10 text-accent">
              <Plus aria-hidden size={24} />
            </span>
            <span className="text-[15px] font-semibold text-gray-900">{COLLECTIONS.newCollection}</span>
          </Link>
        </li>
        {mine.isPending ? (
          <li>
            <Loading />
          </li>
        ) : mine.isError ? (
          <li>
            <ErrorText className="py-6 text-center">{MSG.listFailed}</ErrorText>
          </li>
        ) : mine.data.length === 0 ? (
          <li className="flex flex-col items-center gap-2 py-8 text-center text-[15px] text-gray-500">
            <FolderPlus aria-hidden size={32} className="text-gray-300" />
            {COLLECTIONS.sheetEmpty}
          </li>
        ) : (
          mine.data.map((collection) => (
            <li key={collection.id}>
              <SheetRow
                collection={collection}
                holds={holds(collection)}
                busy={add.isPending}
                onAdd={() => add.mutate(collection)}
              />
            </li>
          ))
        )}
      </ul>
    </Dialog>
  );
}

function SheetRow({
  collection,
  holds,
  busy,
  onAdd,
}: {
  collection: Collection;
  holds: boolean;
  busy: boolean;
  onAdd: () => void;
}) {
  const cover = collection.movies[0];
  return (
    <button
      type="button"
      onClick={onAdd}
      disabled={holds || busy}
      aria-label={holds ? COLLECTIONS.sheetAlreadyIn(collection.title) : COLLECTIONS.sheetAddTo(collection.title)}
      className="flex w-full items-center gap-3 rounded-lg px-2 py-2.5 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-default disabled:hover:bg-transparent"
    >
      {cover ? (
        <MediaImage
          src={cover.poster_url}
          kind="poster"
          alt=""
          width={56}
          height={56}
          artId={cover.id}
          className="h-14 w-14 shrink-0 rounded-md object-cover ring-1 ring-black/5"
        />
      ) : (
        <span className="h-14 w-14 shrink-0 rounded-md bg-gray-100" />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[15px] font-semibold text-gray-900">{collection.title}</span>
        <span className="block text-[13px] text-gray-500">{COLLECTIONS.movieCount(collection.movie_count)}</span>
      </span>
      {holds ? (
        <span className="inline-flex shrink-0 items-center gap-1 text-[13px] font-semibold text-accent">
          <Check aria-hidden size={16} />
          {COLLECTIONS.sheetHolds}
        </span>
      ) : null}
    </button>
  );
}
