// POST /api/users/me/imports, GET /api/users/me/imports/{id}, GET /api/users/me/export (issue #19, API.md §4.14,
// docs/imports.md). The import route takes a raw file: its own parsers, in a scope of their own, read text/csv,
// application/zip and application/json as bytes up to 10 MB (413 above); every other type is 415.
import {
  ExportQuery,
  IdParams,
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  ImportAccepted,
  ImportJob,
  ImportQuery,
} from "@moviepedia/contract";
import { z } from "zod";
import { ApiError } from "../../http/errors.js";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { errors } from "../../http/schemas.js";
import type { App } from "../../http/types.js";
import type { ImportsService } from "./service.js";

const tags = ["imports"];
const ImportBody = z.string().meta({
  format: "binary",
  description:
    "The file itself: text/csv (a Letterboxd or IMDb CSV), application/zip (a whole Letterboxd export) or " +
    "application/json (our own export). At most 10 MB.",
});
const TYPES = [...new Set(Object.values(IMPORT_CONTENT_TYPES).flat())];

export function importRoutes(app: App, imports: ImportsService): void {
  void app.register(async (scope: App) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(TYPES, { parseAs: "buffer", bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
      done(null, body.length === 0 ? undefined : body),
    );
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => {
      if (body.length === 0) return done(null, undefined);
      done(
        new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be text/csv, application/zip or application/json."),
        undefined,
      );
    });
    scope.post(
      "/api/users/me/imports",
      {
        config: { auth: "required", rateLimit: "create" },
        schema: {
          tags,
          summary:
            "Import ratings, statuses and comments from Letterboxd, IMDb or our own export (runs in the background)",
          consumes: TYPES,
          querystring: ImportQuery,
          body: ImportBody,
          response: { 202: ImportAccepted, ...errors },
        },
        // The body is bytes, checked by the service, not by a JSON schema.
        validatorCompiler: ({ httpPart }) =>
          httpPart === "body"
            ? (data) => ({ value: data })
            : (data) => {
                const parsed = ImportQuery.safeParse(data);
                return parsed.success ? { value: parsed.data } : { value: {} };
              },
      },
      async (request, reply) => {
        const accepted = await imports.start(
          requireCallerId(request),
          request.query,
          request.headers["content-type"],
          request.body as unknown,
        );
        return reply.code(202).send(accepted);
      },
    );
  });

  app.get(
    "/api/users/me/imports/:import_id",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "An import's progress and report",
        params: IdParams("import_id"),
        response: { 200: ImportJob, ...errors },
      },
    },
    async (request) => imports.get(requireCallerId(request), parsePathId(request.params.import_id, "import_id")),
  );

  app.get(
    "/api/users/me/export",
    {
      config: { auth: "required" },
      schema: {
        tags,
        summary: "Download everything you wrote or set: JSON (our format) or CSV files in a zip",
        querystring: ExportQuery,
        response: { 200: z.string().meta({ format: "binary" }), ...errors },
      },
    },
    async (request, reply) => {
      const download = await imports.exportFor(requireCallerId(request), request.query.format);
      return reply
        .header("content-type", download.contentType)
        .header("content-disposition", `attachment; filename="${download.filename}"`)
        .header("cache-control", "no-store")
        .send(download.stream as never);
    },
  );
}
