// Imports and the export of a member's own data (issue #19, API.md §4.14, docs/imports.md).
import { z } from "zod";
import { IdParams } from "../common.js";
import { endpoint } from "../endpoint.js";
import { ExportQuery, IMPORT_CONTENT_TYPES, ImportAccepted, ImportJob, ImportQuery } from "../imports.js";

const tag = "imports";

/** Every body type an import takes, once each. */
const IMPORT_BODY_TYPES: readonly string[] = [...new Set(Object.values(IMPORT_CONTENT_TYPES).flat())];

const ImportBody = z.string().meta({
  format: "binary",
  description:
    "The file itself: text/csv (a Letterboxd or IMDb CSV), application/zip (a whole Letterboxd export) or " +
    "application/json (our own export). At most 10 MB.",
});

export const importEndpoints = {
  start: endpoint({
    method: "POST",
    path: "/api/users/me/imports",
    auth: "required",
    rateLimit: "create",
    tag,
    summary: "Import ratings, statuses and comments from Letterboxd, IMDb or our own export (runs in the background)",
    consumes: IMPORT_BODY_TYPES,
    query: ImportQuery,
    body: ImportBody,
    responses: { 202: ImportAccepted },
  }),
  job: endpoint({
    method: "GET",
    path: "/api/users/me/imports/:import_id",
    auth: "required",
    tag,
    summary: "An import's progress and report",
    params: IdParams("import_id"),
    responses: { 200: ImportJob },
  }),
  export: endpoint({
    method: "GET",
    path: "/api/users/me/export",
    auth: "required",
    tag,
    summary: "Download everything you wrote or set: JSON (our format) or CSV files in a zip",
    query: ExportQuery,
    responses: { 200: z.string().meta({ format: "binary" }) },
  }),
};
