// Structured request logs (pino) that never contain tokens: no headers at all (Authorization, Cookie and
// Set-Cookie carry them), and URLs without their query string (OAuth callbacks carry `code` and `state` there).
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { Config } from "../config.js";

/** Where and how verbosely to log; tests pass a stream to read what was written. */
export interface LogOverrides {
  stream?: { write(line: string): void };
  level?: string;
}

export function pathOnly(url: string): string {
  return url.split("?")[0] ?? "";
}

export function loggerOptions(config: Pick<Config, "logLevel">, overrides: LogOverrides = {}) {
  return {
    level: overrides.level ?? config.logLevel,
    ...(overrides.stream ? { stream: overrides.stream } : {}),
    // Belt and braces: the serializer below already drops headers.
    redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: {
      req(req: { method: string; url: string; ip?: string }) {
        return { method: req.method, url: pathOnly(req.url), ip: req.ip };
      },
      res(res: { statusCode: number }) {
        return { statusCode: res.statusCode };
      },
    },
  };
}

/**
 * One line per answered request (method, path, status, time taken) instead of Fastify's two: the "incoming request"
 * line adds nothing the completion line lacks and costs a serialisation on every request.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}
