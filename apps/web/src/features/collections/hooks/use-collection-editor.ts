// State of the collection editor (create and edit): title, overview, the movie list in added order, and the remove
// mode with its selection. Removing only changes the local list; saving sends the difference.
import type { CollectionMovie } from "@moviepedia/contract";
import { COLLECTION_MOVIES_MAX } from "@moviepedia/contract";
import { useReducer } from "react";

export type EditorMovie = Pick<CollectionMovie, "id" | "title" | "poster_url">;

export interface EditorState {
  title: string;
  overview: string;
  movies: EditorMovie[];
  removeMode: boolean;
  selected: ReadonlySet<number>;
}

export type EditorAction =
  | { type: "title"; value: string }
  | { type: "overview"; value: string }
  | { type: "add"; movie: EditorMovie }
  | { type: "enterRemove" }
  | { type: "cancelRemove" }
  | { type: "toggle"; id: number }
  | { type: "confirmRemove" };

const NONE: ReadonlySet<number> = new Set();

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "title":
      return { ...state, title: action.value };
    case "overview":
      return { ...state, overview: action.value };
    case "add":
      if (state.movies.length >= COLLECTION_MOVIES_MAX) return state;
      if (state.movies.some((movie) => movie.id === action.movie.id)) return state;
      return { ...state, movies: [...state.movies, action.movie] };
    case "enterRemove":
      return { ...state, removeMode: true, selected: NONE };
    case "cancelRemove":
      return { ...state, removeMode: false, selected: NONE };
    case "toggle": {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else selected.add(action.id);
      return { ...state, selected };
    }
    case "confirmRemove":
      return {
        ...state,
        movies: state.movies.filter((movie) => !state.selected.has(movie.id)),
        removeMode: false,
        selected: NONE,
      };
  }
}

export interface EditorInitial {
  title: string;
  overview: string;
  movies: EditorMovie[];
}

export function useCollectionEditor(initial: EditorInitial) {
  return useReducer(editorReducer, initial, (start): EditorState => ({ ...start, removeMode: false, selected: NONE }));
}

/** SPEC §5: a non-empty title, not in remove mode, not while loading or saving. */
export function canSave(state: EditorState, busy: boolean): boolean {
  return state.title.trim() !== "" && !state.removeMode && !busy;
}

/** The PATCH lists: movies added since loading (in the order added) and movies no longer there. */
export function movieDiff(originalIds: readonly number[], movies: readonly EditorMovie[]) {
  const before = new Set(originalIds);
  const after = new Set(movies.map((movie) => movie.id));
  return {
    addMovieIds: movies.map((movie) => movie.id).filter((id) => !before.has(id)),
    deleteMovieIds: originalIds.filter((id) => !after.has(id)),
  };
}
