// Starts an extra server for specs that need other settings than the shared one (a fresh SQLite file, own port).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

export interface TestServer {
  baseURL: string;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`test server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`test server did not answer ${url} within ${timeoutMs} ms`);
}

export async function startServer(port: number, env: Record<string, string>): Promise<TestServer> {
  const dbFile = path.join(os.tmpdir(), `moviepedia-e2e-${port}-${process.pid}.db`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${dbFile}`,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret-012345",
      RATE_LIMIT_IP_PER_MIN: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(`${baseURL}/api/health`, child, 120_000);
  return {
    baseURL,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
