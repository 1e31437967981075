// Issue #22 items 5 and 6 (and item 9's 431): TRUST_PROXY as a hop count or proxy addresses, the client being the
// right-most address no trusted proxy added, `true` refused at boot; request and header timeouts and a per-IP
// connection cap on a real socket; errors Node raises before routing answered in the error shape.
import net, { type AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { signin, signupMember } from "../helpers/auth.js";
import { createTestContext, type TestContext } from "../helpers/context.js";
import { startServer } from "../helpers/server-process.js";

const contexts: TestContext[] = [];
async function context(env: Record<string, string>) {
  const ctx = await createTestContext({ env });
  contexts.push(ctx);
  return ctx;
}
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

const profile = (ctx: TestContext, remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: "GET",
    url: "/api/users/profile/999999",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

describe("TRUST_PROXY", () => {
  it("with a hop count, takes the address the proxy saw: rotating X-Forwarded-For escapes no per-IP limit", async () => {
    const ctx = await context({ RATE_LIMIT_IP_PER_MIN: "3", TRUST_PROXY: "1" });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await profile(ctx, "10.0.0.1", `198.18.0.${i}, 203.0.113.7`)).statusCode);
    expect(codes).toEqual([404, 404, 404, 429, 429]);
    // Another client behind the same proxy has its own bucket.
    expect((await profile(ctx, "10.0.0.1", "203.0.113.8")).statusCode).toBe(404);
  });

  it("with addresses or CIDRs, believes only those peers", async () => {
    const ctx = await context({ RATE_LIMIT_IP_PER_MIN: "2", TRUST_PROXY: "10.0.0.0/24, 127.0.0.1" });
    // Through a proxy of the list, two hops deep: both proxies are trusted, the client is the next address.
    for (let i = 0; i < 2; i++) {
      expect((await profile(ctx, "10.0.0.9", `198.18.0.${i}, 203.0.113.20, 127.0.0.1`)).statusCode).toBe(404);
    }
    expect((await profile(ctx, "10.0.0.9", "198.18.0.99, 203.0.113.20, 127.0.0.1")).statusCode).toBe(429);
    // A direct client outside the list cannot choose its address with the header.
    for (let i = 0; i < 2; i++) expect((await profile(ctx, "198.51.100.50", `198.18.1.${i}`)).statusCode).toBe(404);
    expect((await profile(ctx, "198.51.100.50", "198.18.1.77")).statusCode).toBe(429);
  });

  it("takes X-Forwarded-Proto only from a trusted peer (the Secure cookie, HSTS)", async () => {
    const ctx = await context({ TRUST_PROXY: "10.0.0.1" });
    const m = await signupMember(ctx);
    const through = (remoteAddress: string) =>
      signin(ctx, m.loginId, m.password, { ip: remoteAddress, headers: { "x-forwarded-proto": "https" } });
    const viaProxy = await through("10.0.0.1");
    expect(String(viaProxy.headers["set-cookie"])).toMatch(/Secure/);
    expect(viaProxy.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    const direct = await through("198.51.100.51");
    expect(String(direct.headers["set-cookie"])).not.toMatch(/Secure/);
    expect(direct.headers["strict-transport-security"]).toBeUndefined();
  });

  it("refuses `true` at boot with a message saying what to set", async () => {
    await expect(startServer({ DATABASE_URL: "sqlite::memory:", TRUST_PROXY: "true" })).rejects.toThrow(
      /TRUST_PROXY: "true" would believe any X-Forwarded-For.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.5,10\.1\.0\.0\/16/s,
    );
  });
});

/** A raw connection to `port`: what the server wrote, and when it closed the connection. */
function rawConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
  socket.on("error", () => {});
  const closed = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, connected, received: () => received };
}

function parseAnswer(raw: string): { status: number; body: unknown } {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  return { status: Number(head.split(" ")[1]), body: body ? JSON.parse(body) : null };
}

async function listening(env: Record<string, string>): Promise<{ ctx: TestContext; port: number }> {
  const ctx = await context(env);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  return { ctx, port: (ctx.app.server.address() as AddressInfo).port };
}

describe("connections", () => {
  it("answer a body that does not arrive within REQUEST_TIMEOUT_S with 408 REQUEST_TIMEOUT and close", async () => {
    const { port } = await listening({ REQUEST_TIMEOUT_S: "1" });
    const slowBody = rawConnection(port);
    await slowBody.connected;
    slowBody.socket.write(
      "POST /api/users/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    const slowHeaders = rawConnection(port);
    await slowHeaders.connected;
    slowHeaders.socket.write("POST /api/users/signin HTTP/1.1\r\nHost: x\r\n");
    for (const connection of [slowBody, slowHeaders]) {
      const answer = parseAnswer(await connection.closed);
      expect(answer.status).toBe(408);
      expect(answer.body).toEqual({ detail: expect.any(String), code: "REQUEST_TIMEOUT" });
    }
  });

  it("answer oversized headers with 431 HEADERS_TOO_LARGE in the error shape", async () => {
    const { port } = await listening({});
    const connection = rawConnection(port);
    await connection.connected;
    connection.socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    const answer = parseAnswer(await connection.closed);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ detail: expect.any(String), code: "HEADERS_TOO_LARGE" });
  });

  it("cap open connections per client address at MAX_CONNECTIONS_PER_IP", async () => {
    const { port } = await listening({ MAX_CONNECTIONS_PER_IP: "3" });
    const held = [rawConnection(port), rawConnection(port), rawConnection(port)];
    await Promise.all(held.map((c) => c.connected));
    // Make sure the server has accepted the three before the fourth arrives.
    for (const c of held) c.socket.write("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => held.every((c) => c.received().includes("\r\n\r\n"))).toBe(true);
    const refused = rawConnection(port);
    const answer = parseAnswer(await refused.closed);
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ detail: expect.any(String), code: "RATE_LIMITED" });
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await expect
      .poll(async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
        } catch {
          return 0;
        }
      })
      .toBe(200);
    for (const c of held) c.socket.destroy();
  });
});
