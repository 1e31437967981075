// Connection-level limits (issue #22 item 6): a client may hold at most MAX_CONNECTIONS_PER_IP open connections, and
// a request must arrive whole within REQUEST_TIMEOUT_S (headers within the same or 10 s, whichever is less), so slow
// or idle uploads cannot pile up open sockets. Errors Node raises before a request exists (timeouts, oversized
// headers, malformed HTTP) are answered in the API's error shape instead of Fastify's own JSON.
import net from "node:net";
import { ERROR_STATUS, type ErrorCode } from "@moviepedia/contract";
import type { Config } from "../config.js";

/** Headers must be complete within this long at most (slow-header attacks), whatever REQUEST_TIMEOUT_S says. */
const HEADERS_TIMEOUT_MAX_MS = 10_000;

/** The http.Server options and Fastify timeouts for REQUEST_TIMEOUT_S. */
export function timeoutOptions(config: Pick<Config, "requestTimeoutS">) {
  const requestTimeout = config.requestTimeoutS * 1000;
  return {
    requestTimeout,
    // Sockets silent for longer are destroyed; later than the request timeout, which answers 408 first.
    connectionTimeout: requestTimeout + 10_000,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MAX_MS, requestTimeout),
      requestTimeout,
      // How often Node looks for requests past their timeouts (default 30 s, coarser than the timeouts themselves).
      connectionsCheckingInterval: Math.min(1000, requestTimeout),
    },
  };
}

const REASON: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
};

/** Writes a whole HTTP/1.1 error answer in the API's shape on a socket that has no request object, and closes it. */
export function writeRawError(socket: net.Socket, code: ErrorCode, detail: string): void {
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ detail, code });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${REASON[status] ?? "Error"}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        "Cache-Control: no-store\r\n" +
        "Connection: close\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroySoon?.();
}

/** Fastify's `clientErrorHandler`: Node's client errors (before routing) in the error shape. */
export function clientErrorHandler(error: Error & { code?: string }, socket: net.Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    writeRawError(socket, "REQUEST_TIMEOUT", "The request did not arrive in time.");
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    writeRawError(socket, "HEADERS_TOO_LARGE", "The request headers are too large.");
  } else {
    writeRawError(socket, "INVALID_FIELD", "Parameter 'request' is not valid HTTP.");
  }
}

const NAMED_RANGES: Record<string, Array<[string, number, "ipv4" | "ipv6"]>> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/**
 * Whether a peer address is one of the trusted proxies: their connections carry many clients, so the per-IP cap
 * does not apply to them (the proxy enforces its own, README "Running at scale"). A hop count trusts every peer.
 */
export function trustedPeer(trust: Config["trustProxy"]): (address: string) => boolean {
  if (trust === false || trust === 0) return () => false;
  if (typeof trust === "number") return () => true;
  const list = new net.BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net_, prefix, family] of named) list.addSubnet(net_, prefix, family);
      continue;
    }
    const [address = "", prefix] = entry.split("/");
    const family = net.isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    return list.check(plain, net.isIP(plain) === 6 ? "ipv6" : "ipv4");
  };
}

/** Caps open connections per client address on `server` (0: no cap). */
export function capConnectionsPerIp(server: net.Server, max: number, trust: Config["trustProxy"]): void {
  if (max <= 0) return;
  const isProxy = trustedPeer(trust);
  const open = new Map<string, number>();
  server.on("connection", (socket: net.Socket) => {
    const address = socket.remoteAddress;
    if (!address || isProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      writeRawError(socket, "RATE_LIMITED", "Too many open connections from this address.");
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
