// Answers built and checked against their response schema earlier (see lib/json-memo.ts): a string sent with the
// JSON content type goes out as it is, without the route's serializer running again.
import type { FastifyReply } from "fastify";

export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
