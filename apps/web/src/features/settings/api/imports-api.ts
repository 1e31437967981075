// Data import and export (issue #19, docs/imports.md): POST /api/users/me/imports with the file as the raw body, the
// job's progress polled from GET …/imports/{id}, the export fetched with the bearer and saved as a download, and the
// two calls the report's hand matching makes (search, then PUT …/mine with the star).
import {
  endpoints,
  type ExportFormat,
  IMPORT_CONTENT_TYPES,
  type ImportAccepted,
  type ImportFormat,
  type ImportJob,
} from "@moviepedia/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, ApiError, withQuery } from "../../../shared/lib/api";
import { authStore } from "../../../shared/lib/auth";

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 700;

/** The body type a file goes as: a zip for a whole Letterboxd export, JSON for ours, CSV otherwise. */
export function importContentType(format: ImportFormat, file: File): string {
  if (format === "moviepedia") return "application/json";
  if (format === "letterboxd" && /\.zip$/i.test(file.name)) return "application/zip";
  return IMPORT_CONTENT_TYPES[format][0]!;
}

export function startImport(format: ImportFormat, file: File, overwrite: boolean): Promise<ImportAccepted> {
  return api(endpoints.imports.start, {
    query: { format, overwrite: overwrite ? "true" : undefined, name: file.name },
    file: new Blob([file], { type: importContentType(format, file) }),
  });
}

const finished = (job: ImportJob | undefined) => job?.status === "done" || job?.status === "failed";

export const importQueries = {
  job: (id: number) =>
    queryOptions({
      queryKey: ["imports", id],
      queryFn: ({ signal }) => api(endpoints.imports.job, { params: { import_id: id }, signal }),
      refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
    }),
  search: (q: string) =>
    queryOptions({
      queryKey: ["imports", "search", q],
      queryFn: async ({ signal }) => {
        const result = await api(endpoints.search.search, { query: { search_q: q, expand: true, end: 5 }, signal });
        return "movies" in result ? result.movies : [];
      },
      enabled: q.trim() !== "",
    }),
};

export function rateMovie(movieId: number, rating: number): Promise<unknown> {
  return api(endpoints.reviews.upsertMine, { params: { movie_id: movieId }, body: { rating } });
}

/** The file name the server gave the attachment, or ours. */
function fileName(response: Response, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "");
  return match?.[1] ?? `moviepedia-export.${format === "json" ? "json" : "zip"}`;
}

/**
 * GET /api/users/me/export: an attachment behind the bearer, so a plain link cannot fetch it; the answer is saved
 * through a temporary object URL. A rejected token is renewed once, as the API client does.
 */
export async function downloadExport(format: ExportFormat): Promise<void> {
  const send = (token: string | null) =>
    window.fetch(withQuery(endpoints.imports.export.path, { format }), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: "same-origin",
    });
  const token = authStore.getAccessToken();
  let response = await send(token);
  if (response.status === 401 && token) {
    const fresh = await authStore.renewAfterRejection(token);
    if (fresh) response = await send(fresh);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; detail?: string } | null;
    throw new ApiError(response.status, body?.code ?? `HTTP_${response.status}`, body?.detail ?? "");
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(response, format);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
