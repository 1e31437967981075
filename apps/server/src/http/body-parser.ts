// Body rules of API.md §1.2: JSON objects only; an empty body is no body; any other non-empty body is 415.
import { BODY_LIMIT_BYTES } from "@moviepedia/contract";
import type { FastifyInstance } from "fastify";
import { ApiError } from "./errors.js";

export function registerBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === "string" ? body : body.toString("utf8");
      if (text.trim() === "") return done(null, undefined);
      try {
        const value: unknown = JSON.parse(text);
        // Bodies are objects; a bare `null` is refused here so that null later always means "no body".
        if (value === null) return done(new ApiError("INVALID_JSON", "Request body must be a JSON object."), undefined);
        done(null, value);
      } catch {
        done(new ApiError("INVALID_JSON", "Request body is not valid JSON."), undefined);
      }
    },
  );
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    const size = typeof body === "string" ? body.length : body.length;
    if (size === 0) return done(null, undefined);
    done(new ApiError("UNSUPPORTED_MEDIA_TYPE", "Request body must be application/json."), undefined);
  });
}
