// The real server on the benchmark database, in its own process so the load generator does not share its core.
// Started by run.ts with the target in argv; reports its port over IPC, and on request ("cpu") the CPU time each
// request took in this process (requests arrive one at a time, so the process's CPU time between a request's
// arrival and its response is that request's: unlike wall time, it does not grow when other programs load the CPU).
import { randomBytes } from "node:crypto";
import { buildApp, createServices } from "../../apps/server/src/app.js";
import { loadConfig } from "../../apps/server/src/config.js";
import { createSearchService } from "../../apps/server/src/modules/search/service.js";
import { serveAsChild } from "../shared/child-server.js";
import { benchTarget, openTarget } from "../shared/database.js";

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: "production",
    JWT_SECRET: randomBytes(32).toString("hex"),
    // The benchmark is one client firing thousands of requests: the per-IP ceiling would answer 429.
    RATE_LIMIT_IP_PER_MIN: "0",
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
  } as NodeJS.ProcessEnv);
  const database = openTarget(benchTarget(), 10, true);
  // The result cache off unless --cache: the figures are the engine's, not repeated queries answered from memory.
  const services = createServices({ config, database });
  services.search = createSearchService(database.db, { cache: process.argv.includes("--cache") });
  const app = await buildApp({ config, database, logger: false, services });
  const cpuMs: number[] = [];
  let started = process.cpuUsage();
  app.addHook("onRequest", async () => {
    started = process.cpuUsage();
  });
  app.addHook("onResponse", async () => {
    const used = process.cpuUsage(started);
    cpuMs.push((used.user + used.system) / 1000);
  });
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpuMs: cpuMs.splice(0) });
  });
  await serveAsChild(app, database, { answerCpu: false });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
