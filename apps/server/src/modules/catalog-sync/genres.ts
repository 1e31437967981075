// TMDB's movie genres in the catalog's vocabulary. A sync run reads /genre/movie/list (Korean names; the client keeps
// it for a day) and checks that vocabulary.ts's fixed ids cover it: a genre TMDB added that we do not know is reported
// (run and chart summaries, the CLI, the job's log) and stored under TMDB's Korean name rather than failing the film.
// Film details name their genres; list results (/movie/popular, /discover/movie) carry only `genre_ids`, which are
// named through the list.
import type { Genre } from "tmdb-ts";
import type { TmdbClient } from "./tmdb-client.js";
import { TMDB_GENRES } from "./vocabulary.js";

export class GenreVocabulary {
  /** TMDB genres the vocabulary lacks, by id → TMDB's name (or `#id` when nobody named it). */
  readonly unknown = new Map<number, string>();

  /** `listed`: TMDB's genre list by id (empty when it could not be read: the details' names are used then). */
  constructor(private readonly listed: ReadonlyMap<number, string> = new Map()) {
    for (const [id, name] of listed) if (TMDB_GENRES[id] === undefined) this.unknown.set(id, name || `#${id}`);
  }

  static fromList(genres: ReadonlyArray<Partial<Genre>> | undefined): GenreVocabulary {
    const listed = new Map<number, string>();
    for (const genre of genres ?? []) {
      if (Number.isInteger(genre.id)) listed.set(genre.id!, typeof genre.name === "string" ? genre.name.trim() : "");
    }
    return new GenreVocabulary(listed);
  }

  /**
   * TMDB's Korean list. A failed request is not the run's failure: without the list, films are still mapped by the
   * fixed ids and their details' names (the films' own requests would fail the same way if TMDB were down).
   */
  static async load(tmdb: TmdbClient): Promise<GenreVocabulary> {
    try {
      return GenreVocabulary.fromList((await tmdb.genres()).genres);
    } catch {
      return new GenreVocabulary();
    }
  }

  /** The catalog's name of a TMDB genre id; `tmdbName` is a film detail's name for it, if it came with one. */
  name(id: number, tmdbName?: string): string | undefined {
    const known = TMDB_GENRES[id];
    if (known !== undefined) return known;
    const name = this.listed.get(id) || tmdbName?.trim() || "";
    this.unknown.set(id, name || `#${id}`);
    return name || undefined;
  }

  /** Names of a list result's `genre_ids`, each once, in order. */
  names(ids: readonly number[] | undefined): string[] {
    const names = (ids ?? []).flatMap((id) => (Number.isInteger(id) ? (this.name(id) ?? []) : []));
    return [...new Set(names)];
  }

  /** The unknown genres for summaries and logs: "10999 새 장르". */
  report(): string[] {
    return [...this.unknown].sort(([a], [b]) => a - b).map(([id, name]) => `${id} ${name}`);
  }
}
