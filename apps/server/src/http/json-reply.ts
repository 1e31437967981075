// Answers built and checked against their response schema earlier (see cache/index.ts, answerJson): a string sent with the
// JSON content type goes out as it is, without the route's serializer running again.
import type { FastifyReply } from "fastify";

/** `json` as text, or already UTF-8 encoded (large answers kept as bytes are not encoded again for each request). */
export function sendJson(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
