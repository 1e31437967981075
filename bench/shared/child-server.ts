// A server started in a child process (its own event loop and core, never the load generator's): the child reports
// `{ port }` over IPC once it listens, and stops on SIGTERM.
import { type ChildProcess, fork, type StdioOptions } from "node:child_process";
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import type { DbHandle } from "../../apps/server/src/db/connection.js";

export interface ChildServer {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
  /** The child's CPU time so far in microseconds (user + system), if it answers "cpu" messages. */
  cpuMicros(): Promise<number>;
  /** The child's resident set size in bytes (from /proc, so any child has one). */
  rssBytes(): number;
}

export interface ChildServerOptions {
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Default: the child's stdout is dropped (request logs), stderr shown. */
  stdio?: StdioOptions;
  /** More Node.js flags for the child (e.g. --cpu-prof). */
  execArgv?: string[];
}

export function startChildServer(script: string, options: ChildServerOptions = {}): Promise<ChildServer> {
  const child = fork(script, options.args ?? [], {
    execArgv: ["--import", "tsx", ...(options.execArgv ?? [])],
    env: options.env ?? process.env,
    stdio: options.stdio ?? ["ignore", "ignore", "inherit", "ipc"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${script} exited with ${code} before listening`));
    child.once("exit", onExit);
    child.on("message", (message: { port?: number }) => {
      if (typeof message?.port !== "number") return;
      child.off("exit", onExit);
      resolve({ port: message.port, child, stop, cpuMicros: () => cpuMicros(child), rssBytes: () => rssBytes(child) });
    });
  });
}

function rssBytes(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
}

function cpuMicros(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message?.cpu) return;
      child.off("message", listener);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on("message", listener);
    child.send("cpu");
  });
}

/**
 * The child's side: listens on a free loopback port, reports it to the parent, answers "cpu" with the process's CPU
 * time (unless the child answers that message itself) and closes the app, then the database, on SIGTERM.
 */
export async function serveAsChild(
  app: FastifyInstance,
  database: DbHandle,
  options: { answerCpu?: boolean } = {},
): Promise<void> {
  if (options.answerCpu ?? true) {
    process.on("message", (message) => {
      if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
    });
  }
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  process.on("SIGTERM", () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
