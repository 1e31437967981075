// The editor's movies in added order with the "n / 1000" counter. 작품 추가 opens the movie search; 선택 삭제 turns
// the posters into checkboxes until 취소 or 선택한 작품 삭제.
import { COLLECTION_MOVIES_MAX } from "@moviepedia/contract";
import { Check, Plus, Trash2 } from "lucide-react";
import type { Dispatch } from "react";
import { Button } from "../../../shared/ui/button";
import { EmptyState } from "../../../shared/ui/empty-state";
import { Poster } from "../../../shared/ui/poster";
import type { EditorAction, EditorState } from "../hooks/use-collection-editor";
import { COLLECTIONS } from "../strings";

export interface EditorMovieListProps {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  onAddMovies: () => void;
  disabled?: boolean;
}

export function EditorMovieList({ state, dispatch, onAddMovies, disabled }: EditorMovieListProps) {
  const count = state.movies.length;
  const full = count >= COLLECTION_MOVIES_MAX;
  return (
    <section aria-labelledby="editor-movies" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="editor-movies" className="flex items-baseline gap-2 text-sm font-semibold text-gray-800">
          {COLLECTIONS.editorMovies}
          <span
            aria-label={COLLECTIONS.moviesCounterLabel(count, COLLECTION_MOVIES_MAX)}
            className={`text-xs font-normal tabular-nums ${full ? "text-accent" : "text-gray-500"}`}
          >
            {COLLECTIONS.moviesCounter(count, COLLECTION_MOVIES_MAX)}
          </span>
        </h2>
        {state.removeMode ? null : (
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={onAddMovies} disabled={disabled || full}>
              <Plus aria-hidden size={16} />
              {COLLECTIONS.addMovies}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => dispatch({ type: "enterRemove" })}
              disabled={disabled || count === 0}
            >
              <Trash2 aria-hidden size={16} />
              {COLLECTIONS.removeMode}
            </Button>
          </div>
        )}
      </div>
      {full ? <p className="text-[13px] text-accent">{COLLECTIONS.collectionFull(COLLECTION_MOVIES_MAX)}</p> : null}
      {state.removeMode ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2">
          <p className="text-[13px] text-gray-600" aria-live="polite">
            {state.selected.size > 0 ? COLLECTIONS.removeSelected(state.selected.size) : COLLECTIONS.removeHint}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => dispatch({ type: "cancelRemove" })}>
              {COLLECTIONS.removeCancel}
            </Button>
            <Button
              variant="danger"
              size="sm"
              disabled={state.selected.size === 0}
              onClick={() => dispatch({ type: "confirmRemove" })}
            >
              {COLLECTIONS.removeConfirm}
            </Button>
          </div>
        </div>
      ) : null}
      {count === 0 ? (
        <EmptyState
          message={COLLECTIONS.emptyMovies}
          className="rounded-lg border border-dashed border-gray-200 py-8"
        />
      ) : (
        <ul className="grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4">
          {state.movies.map((movie) => (
            <li key={movie.id}>
              {state.removeMode ? (
                <SelectableMovie
                  movie={movie}
                  checked={state.selected.has(movie.id)}
                  onToggle={() => dispatch({ type: "toggle", id: movie.id })}
                />
              ) : (
                <>
                  <Poster
                    src={movie.poster_url}
                    title={movie.title}
                    movieId={movie.id}
                    sizes="(min-width: 640px) 200px, 33vw"
                  />
                  <p className="mt-1.5 line-clamp-2 text-sm text-gray-900">{movie.title}</p>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SelectableMovie({
  movie,
  checked,
  onToggle,
}: {
  movie: EditorState["movies"][number];
  checked: boolean;
  onToggle: () => void;
}) {
  return (
    <label className="group block cursor-pointer">
      <input
        type="checkbox"
        className="peer sr-only"
        checked={checked}
        onChange={onToggle}
        aria-label={COLLECTIONS.selectMovie(movie.title)}
      />
      <div className="relative rounded-md peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent">
        <Poster
          src={movie.poster_url}
          title={movie.title}
          movieId={movie.id}
          sizes="(min-width: 640px) 200px, 33vw"
          className={checked ? "opacity-60" : ""}
        />
        <span
          aria-hidden
          className={`absolute top-1.5 right-1.5 flex h-6 w-6 items-center justify-center rounded-full border-2 ${
            checked ? "border-accent bg-accent text-white" : "border-white bg-black/30 text-transparent"
          }`}
        >
          <Check size={14} strokeWidth={3} />
        </span>
      </div>
      <p className="mt-1.5 line-clamp-2 text-sm text-gray-900">{movie.title}</p>
    </label>
  );
}
