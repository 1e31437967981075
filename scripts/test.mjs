#!/usr/bin/env node
// `npm test`: lint and format check, type checks, server integration tests on SQLite and PostgreSQL, web
// component tests and Playwright end-to-end tests in Debian's Chromium.
//
// The steps run in three lanes at once (checks → web → browser; server on SQLite; server on PostgreSQL): each lane
// is mostly one process, so the lanes fill both cores of a small CI machine while a test waits on a database, a
// timer or the browser. A failing step stops every lane. Each step's output goes to var/test-logs/<step>.log; a
// passing step prints its last lines, a failing one prints everything, and a timing table closes the run.
// `node scripts/test.mjs lint|types|server|server-sqlite|server-pg|web|e2e …` runs the named steps one after another
// with their output streamed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CI = process.env.CI === "true" || process.env.CI === "1";
const logDir = path.join(root, "var", "test-logs");
const only = process.argv.slice(2);

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });
}

async function postgresUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (await portOpen("127.0.0.1", 5432)) return "postgres://postgres@127.0.0.1:5432/test";
  return undefined;
}

const report = (step) => path.join(logDir, `${step}.json`);
const vitest = (step, rootDir, env = {}) => ({
  step,
  command: "npx",
  args: [
    "vitest",
    "run",
    "--root",
    rootDir,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report(step)}`,
  ],
  env,
  counts: () => {
    const r = JSON.parse(fs.readFileSync(report(step), "utf8"));
    return { passed: r.numPassedTests, failed: r.numFailedTests };
  },
});

async function defineSteps() {
  fs.mkdirSync(logDir, { recursive: true });
  const pgUrl = await postgresUrl();
  if (!pgUrl && CI) {
    console.error("✖ CI=true needs PostgreSQL: set TEST_DATABASE_URL or run a server on 127.0.0.1:5432.");
    process.exit(1);
  }
  if (!pgUrl)
    console.log("… PostgreSQL not reachable on 127.0.0.1:5432 and TEST_DATABASE_URL unset: skipping its run.");
  return {
    lint: [
      { step: "eslint", title: "Lint (eslint)", command: "npx", args: ["eslint", "."] },
      { step: "prettier", title: "Format (prettier --check)", command: "npx", args: ["prettier", "--check", "."] },
    ],
    types: [{ step: "types", title: "Type check", command: "npm", args: ["run", "typecheck"] }],
    "server-sqlite": [
      { ...vitest("server-sqlite", "apps/server", { TEST_DATABASE_URL: "" }), title: "Server tests on SQLite" },
    ],
    "server-pg": pgUrl
      ? [
          {
            ...vitest("server-pg", "apps/server", { TEST_DATABASE_URL: pgUrl }),
            title: `Server tests on PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, "//")})`,
          },
        ]
      : [],
    web: [{ ...vitest("web", "apps/web"), title: "Web component tests" }],
    e2e: [
      { step: "chromium", title: "Chromium present", ensureChromium: true },
      { step: "build", title: "Build the web app", command: "npm", args: ["run", "build", "-w", "apps/web"] },
      {
        step: "e2e",
        title: "End-to-end tests (Playwright, Chromium)",
        command: "npx",
        args: ["playwright", "test", "--config", "e2e/playwright.config.ts", "--reporter=list,json"],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report("e2e") },
        counts: () => {
          const s = JSON.parse(fs.readFileSync(report("e2e"), "utf8")).stats;
          return { passed: s.expected + s.flaky, failed: s.unexpected, flaky: s.flaky };
        },
      },
    ],
  };
}

const children = new Set();
/** Every process below `pid` (Playwright starts its web server in a process group of its own). */
function descendants(pid) {
  const result = spawnSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" });
  const children = new Map();
  for (const line of (result.stdout ?? "").trim().split("\n")) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found = [];
  const walk = (p) => (children.get(p) ?? []).forEach((c) => (found.push(c), walk(c)));
  walk(pid);
  return found;
}

function stopAll() {
  for (const child of children) {
    for (const pid of [child.pid, ...descendants(child.pid)]) {
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, "SIGTERM");
        } catch {
          // already gone, or not a group leader
        }
      }
    }
  }
}
process.on("SIGINT", () => (stopAll(), process.exit(130)));
process.on("SIGTERM", () => (stopAll(), process.exit(143)));

function runCommand(command, args, env, stream) {
  return new Promise((resolve) => {
    const log = stream ? undefined : fs.openSync(path.join(logDir, `${env.__STEP}.log`), "w");
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env, FORCE_COLOR: stream ? process.env.FORCE_COLOR : "0" },
      stdio: stream ? "inherit" : ["ignore", log, log],
      detached: true,
    });
    children.add(child);
    child.on("close", (code, signal) => {
      children.delete(child);
      if (log !== undefined) fs.closeSync(log);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function ensureChromium(stream) {
  if (fs.existsSync("/usr/bin/chromium")) return 0;
  if (process.getuid?.() === 0) {
    return runCommand(
      "bash",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk"],
      { __STEP: "chromium" },
      stream,
    );
  }
  console.error(
    "The browser tests need Debian's Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium fonts-noto-cjk`.",
  );
  return 1;
}

const results = [];
let failed = false;
async function runStep(s, stream) {
  if (stream) console.log(`\n▶ ${s.title}`);
  const started = Date.now();
  const code = s.ensureChromium
    ? await ensureChromium(stream)
    : await runCommand(s.command, s.args, { ...s.env, __STEP: s.step }, stream);
  const seconds = (Date.now() - started) / 1000;
  let counts;
  try {
    counts = s.counts?.();
  } catch {
    counts = undefined;
  }
  // A step ended by another lane's failure is "stopped", not a failure of its own.
  const status = code === 0 ? "ok" : failed ? "stopped" : "FAILED";
  results.push({ title: s.title, seconds, status, counts });
  if (!stream) {
    const logFile = path.join(logDir, `${s.step}.log`);
    const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").trimEnd().split("\n") : [];
    console.log(
      `\n${{ ok: "✔", stopped: "■", FAILED: "✖" }[status]} ${s.title} (${seconds.toFixed(1)} s${status === "stopped" ? ", stopped" : ""})`,
    );
    const shown = status === "FAILED" ? lines : lines.slice(-8);
    for (const line of shown) console.log(`  │ ${line}`);
  } else {
    console.log(`${code === 0 ? "✔" : "✖"} ${s.title} (${seconds.toFixed(1)} s)`);
  }
  return code === 0;
}

function printSummary(totalSeconds) {
  const width = Math.max(...results.map((r) => r.title.length), 4);
  console.log(`\n${"step".padEnd(width)}  result   seconds  tests`);
  for (const r of results) {
    const tests = r.counts
      ? `${r.counts.passed} passed, ${r.counts.failed} failed${r.counts.flaky ? ` (${r.counts.flaky} flaky)` : ""}`
      : "";
    console.log(`${r.title.padEnd(width)}  ${r.status.padEnd(7)}  ${r.seconds.toFixed(1).padStart(7)}  ${tests}`);
  }
  console.log(`${"total (wall clock)".padEnd(width)}           ${totalSeconds.toFixed(1).padStart(7)}`);
  const counted = results.filter((r) => r.counts);
  const passed = counted.reduce((n, r) => n + r.counts.passed, 0);
  const failures = counted.reduce((n, r) => n + r.counts.failed, 0);
  return counted.length > 0 ? `Tests: ${passed} passed, ${failures} failed` : "";
}

const steps = await defineSteps();
const started = Date.now();
if (only.length > 0) {
  const names = only.flatMap((name) => (name === "server" ? ["server-sqlite", "server-pg"] : [name]));
  for (const name of names) {
    if (!steps[name]) {
      console.error(`Unknown step ${name}: one of ${Object.keys(steps).join(", ")}, server`);
      process.exit(2);
    }
    for (const s of steps[name]) if (!(await runStep(s, true))) process.exit(1);
  }
  const line = printSummary((Date.now() - started) / 1000);
  if (line) console.log(`\n${line}`);
  process.exit(0);
}

// Three lanes; the first failure stops the others.
const lanes = [[...steps.lint, ...steps.types, ...steps.web, ...steps.e2e], steps["server-sqlite"], steps["server-pg"]];
await Promise.all(
  lanes.map(async (lane) => {
    for (const s of lane) {
      if (failed) return;
      if (!(await runStep(s, false))) {
        failed = true;
        stopAll();
        return;
      }
    }
  }),
);
const closing = printSummary((Date.now() - started) / 1000);
if (failed) {
  console.error(`\n✖ A test step failed; full logs in ${path.relative(root, logDir)}/.`);
  if (closing) console.log(closing);
  process.exit(1);
}
console.log("\nAll test steps passed.");
// The closing line CI reads: the tests counted by every runner.
if (closing) console.log(closing);
