import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: "forks",
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
