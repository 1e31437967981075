// Route-schema helpers: the error responses every route documents in OpenAPI.
import { ErrorBody } from "@moviepedia/contract";

export const errors = { "4xx": ErrorBody, "5xx": ErrorBody } as const;
