// End-to-end tests: Debian's Chromium (never a downloaded browser) against the real server on a fresh database.
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const dbFile = path.join(os.tmpdir(), `moviepedia-e2e-${process.pid}.db`);
const mediaDir = path.join(os.tmpdir(), `moviepedia-e2e-media-${process.pid}`);

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  // One retry in CI absorbs timing flakes on a loaded 2-core machine; a real failure still fails twice.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "ko-KR",
    timezoneId: "Asia/Seoul",
    trace: "off",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dbFile}* ${mediaDir} && node --import tsx apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, ".."),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `sqlite:${dbFile}`,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      JWT_SECRET: "e2e-secret-e2e-secret-e2e-secret-012345",
      RATE_LIMIT_IP_PER_MIN: "0",
      // Every browser test signs in from 127.0.0.1, and cheaply (production hashes at 2^17).
      RATE_LIMIT_SIGNIN_PER_IP: "0",
      SCRYPT_LOG_N: "14",
      MEDIA_DIR: mediaDir,
    },
  },
});
