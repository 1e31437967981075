// The collection form shared by create and edit (SPEC §2/§5): title (required, counter 100), overview (counter
// 500), the movie list with its search and remove mode. The save button is disabled while the title is empty, in
// remove mode, or while saving. A failed save shows the Korean message of its code and logs SPEC §8's line.
import {
  COLLECTION_MOVIES_MAX,
  COLLECTION_OVERVIEW_MAX,
  COLLECTION_TITLE_MAX,
  errorMessage,
  LOG,
  MSG,
} from "@moviepedia/contract";
import { type FormEvent, useMemo, useState } from "react";
import { isApiError } from "../../../shared/lib/api";
import { Button } from "../../../shared/ui/button";
import { ErrorText } from "../../../shared/ui/error-text";
import { TextAreaWithCounter } from "../../../shared/ui/text-area-with-counter";
import { canSave, type EditorInitial, type EditorState, useCollectionEditor } from "../hooks/use-collection-editor";
import { COLLECTIONS } from "../strings";
import { CountedInput } from "./counted-input";
import { EditorMovieList } from "./editor-movie-list";
import { MovieSearchDialog } from "./movie-search-dialog";

export interface CollectionEditorProps {
  initial: EditorInitial;
  submitLabel: string;
  /** Saves the form; a rejection is shown under the form. */
  onSubmit: (state: EditorState) => Promise<void>;
  /** Shown above the form (e.g. a preselected movie that could not be loaded). */
  notice?: string | null;
}

function failureMessage(error: unknown): string {
  // Conflicts and validation answers have their own Korean words; anything else is a generic save failure.
  if (
    isApiError(error) &&
    (error.status === 400 || error.status === 404 || error.status === 409 || error.status === 429)
  ) {
    return errorMessage(error.code);
  }
  return MSG.collectionUpdateFailed;
}

export function CollectionEditor({ initial, submitLabel, onSubmit, notice }: CollectionEditorProps) {
  const [state, dispatch] = useCollectionEditor(initial);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const chosenIds = useMemo(() => new Set(state.movies.map((movie) => movie.id)), [state.movies]);
  const titleMissing = state.title.trim() === "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!canSave(state, saving)) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSubmit(state);
    } catch (error) {
      console.error(LOG.updateCollection, error);
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6 px-4 pt-5" noValidate>
        {notice ? <ErrorText>{notice}</ErrorText> : null}
        <CountedInput
          label={COLLECTIONS.titleLabel}
          value={state.title}
          onChange={(value) => dispatch({ type: "title", value })}
          onBlur={() => setTouched(true)}
          max={COLLECTION_TITLE_MAX}
          placeholder={COLLECTIONS.titlePlaceholder}
          required
          aria-required
          error={touched && titleMissing ? COLLECTIONS.titleRequired : null}
        />
        <TextAreaWithCounter
          label={COLLECTIONS.overviewLabel}
          value={state.overview}
          onChange={(value) => dispatch({ type: "overview", value })}
          max={COLLECTION_OVERVIEW_MAX}
          placeholder={COLLECTIONS.overviewPlaceholder}
        />
        <EditorMovieList state={state} dispatch={dispatch} onAddMovies={() => setSearchOpen(true)} disabled={saving} />
        <div className="sticky bottom-[calc(3.75rem+env(safe-area-inset-bottom))] -mx-4 flex flex-col gap-2 border-t border-gray-100 bg-white/95 px-4 py-3 backdrop-blur">
          {failure ? <ErrorText>{failure}</ErrorText> : null}
          <Button type="submit" block size="lg" disabled={!canSave(state, saving)}>
            {saving ? COLLECTIONS.saving : submitLabel}
          </Button>
        </div>
      </form>
      <MovieSearchDialog
        open={searchOpen}
        onOpenChange={setSearchOpen}
        chosenIds={chosenIds}
        onAdd={(movie) => dispatch({ type: "add", movie })}
        full={state.movies.length >= COLLECTION_MOVIES_MAX}
      />
    </>
  );
}
