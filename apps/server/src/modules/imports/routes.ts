// POST /api/users/me/imports, GET /api/users/me/imports/{id}, GET /api/users/me/export (issue #19, API.md §4.14,
// docs/imports.md). The import route takes a raw file: its own parsers, in a scope of their own, read text/csv,
// application/zip and application/json as bytes up to 10 MB (413 above); every other type is 415.
import { endpoints, IMPORT_MAX_BYTES, ImportQuery } from "@moviepedia/contract";
import { ApiError } from "../../http/errors.js";
import { requireCallerId } from "../../http/caller.js";
import { parsePathId } from "../../http/ids.js";
import { route } from "../../http/route.js";
import type { App } from "../../http/types.js";
import type { ImportsService } from "./service.js";

const table = endpoints.imports;
const TYPES = [...table.start.consumes];

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
    route(
      scope,
      table.start,
      async (request, reply) => {
        const accepted = await imports.start(
          requireCallerId(request),
          request.query,
          request.headers["content-type"],
          request.body as unknown,
        );
        return reply.code(202).send(accepted);
      },
      {
        // The body is bytes, checked by the service, not by a JSON schema.
        validatorCompiler: ({ httpPart }) =>
          httpPart === "body"
            ? (data) => ({ value: data })
            : (data) => {
                const parsed = ImportQuery.safeParse(data);
                return parsed.success ? { value: parsed.data } : { value: {} };
              },
      },
    );
  });

  route(app, table.job, async (request) =>
    imports.get(requireCallerId(request), parsePathId(request.params.import_id, "import_id")),
  );

  route(app, table.export, async (request, reply) => {
    const download = await imports.exportFor(requireCallerId(request), request.query.format);
    return reply
      .header("content-type", download.contentType)
      .header("content-disposition", `attachment; filename="${download.filename}"`)
      .header("cache-control", "no-store")
      .send(download.stream as never);
  });
}
