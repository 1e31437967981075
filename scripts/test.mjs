#!/usr/bin/env node
// `npm test`: lint and format check, type checks, server integration tests on SQLite and PostgreSQL, web
// component tests and Playwright end-to-end tests in Debian's Chromium. Stops at the first failing step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CI = process.env.CI === "true" || process.env.CI === "1";
const only = process.argv.slice(2);

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

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

function ensureChromium() {
  if (fs.existsSync("/usr/bin/chromium")) return;
  if (process.getuid?.() === 0) {
    run("Install Chromium from Debian's packages", "bash", [
      "-c",
      "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk",
    ]);
    return;
  }
  console.error(
    "The browser tests need Debian's Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium fonts-noto-cjk`.",
  );
  process.exit(1);
}

const want = (step) => only.length === 0 || only.includes(step);

if (want("lint")) {
  run("Lint (eslint)", "npx", ["eslint", "."]);
  run("Format (prettier --check)", "npx", ["prettier", "--check", "."]);
}
if (want("types")) run("Type check", "npm", ["run", "typecheck"]);
if (want("server")) {
  run("Server tests on SQLite", "npx", ["vitest", "run", "--root", "apps/server"], { TEST_DATABASE_URL: "" });
  const pgUrl = await postgresUrl();
  if (pgUrl) {
    run(
      `Server tests on PostgreSQL (${pgUrl.replace(/\/\/[^@]*@/, "//")})`,
      "npx",
      ["vitest", "run", "--root", "apps/server"],
      {
        TEST_DATABASE_URL: pgUrl,
      },
    );
  } else if (CI) {
    console.error("✖ CI=true needs PostgreSQL: set TEST_DATABASE_URL or run a server on 127.0.0.1:5432.");
    process.exit(1);
  } else {
    console.log("\n… PostgreSQL not reachable on 127.0.0.1:5432 and TEST_DATABASE_URL unset: skipping its run.");
  }
}
if (want("web")) run("Web component tests", "npx", ["vitest", "run", "--root", "apps/web"]);
if (want("e2e")) {
  ensureChromium();
  run("Build the web app", "npm", ["run", "build", "-w", "apps/web"]);
  run("End-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test", "--config", "e2e/playwright.config.ts"]);
}
console.log("\nAll test steps passed.");
