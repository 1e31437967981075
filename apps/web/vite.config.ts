import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Named vendor chunks: they change rarely, so browsers keep them cached across deployments, and the
        // first load fetches the React runtime but never the form libraries (only the login/signup pages do).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: "forms", test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
            {
              name: "dialog",
              test: /node_modules[\\/](@radix-ui|react-remove-scroll[^\\/]*|aria-hidden|use-sidecar|use-callback-ref|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
  },
});
