// The real server as a child process (`node --import tsx apps/server/src/main.ts`), for tests of what only a
// process shows: crashes, restarts, signals, several instances on one database. Each server gets a free port on
// loopback and is ready once /api/health answers 200.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { REPO_ROOT } from "../../src/config.js";

export const JWT_SECRET = "process-test-secret-0123456789abcdef";

/** Every rate limit off: these tests measure durability and concurrency, not limits. */
export const NO_LIMITS = {
  RATE_LIMIT_SIGNIN_FAILURES: "0",
  RATE_LIMIT_SIGNIN_FAILURES_PER_IP: "0",
  RATE_LIMIT_SIGNIN_FAILURES_PER_LOGIN_ID: "0",
  RATE_LIMIT_SIGNIN_PER_IP: "0",
  RATE_LIMIT_SIGNUP_PER_HOUR: "0",
  RATE_LIMIT_CREATES_PER_MIN: "0",
  RATE_LIMIT_RATINGS_PER_MIN: "0",
  RATE_LIMIT_TOGGLES_PER_MIN: "0",
  RATE_LIMIT_IP_PER_MIN: "0",
};

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** stdout and stderr lines so far (JSON log lines, or anything printed on a crash). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string>, readyTimeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    // Only what the server needs: the test runner's own variables (TEST_DATABASE_URL, CI…) stay out.
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      JWT_SECRET,
      // Cheap password hashes, as in the in-process tests (helpers/context.ts).
      SCRYPT_LOG_N: "14",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = "";
    stream!.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts.filter(Boolean));
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    lines,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before it was ready:\n${lines.join("\n")}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop("SIGKILL");
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${lines.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A fresh schema in the PostgreSQL test database, and a DATABASE_URL whose connections use it (search_path). */
export async function freshPostgresSchema(
  baseUrl: string,
): Promise<{ url: string; schema: string; drop(): Promise<void> }> {
  const schema = `p_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema} -c max_parallel_workers_per_gather=0`);
  return {
    url: url.toString(),
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** JSON over fetch with a bearer; never throws for HTTP statuses (network failures do throw). */
export async function api(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}
