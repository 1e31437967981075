import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { endpoints } from "../../packages/contract/src/endpoints/index";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { endpointRoutes } from "./build/endpoint-routes";

const SHARED_KIT = /[\\/]src[\\/]shared[\\/]/;
const DIALOG_KIT = /[\\/]src[\\/]shared[\\/]ui[\\/](dialog-radix|login-required-overlay)\.tsx$/;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text file of the build, once, at the highest levels; the
 * server sends the one the browser accepts (@fastify/static `preCompressed`) and never compresses per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  return {
    name: "moviepedia:precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir).filter((f) => COMPRESSIBLE.test(f))) {
        const content = fs.readFileSync(file);
        const brotli = brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        });
        const gzip = gzipSync(content, { level: 9 });
        if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
        if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

/**
 * Puts the app's one stylesheet (Tailwind, ~7 kB compressed) into index.html as a <style> element: the boot screen
 * paints without waiting for a render-blocking CSS request (a round trip on a phone network). The SPA's CSP allows
 * inline styles (style-src 'unsafe-inline'); scripts stay external. Stylesheets of lazily loaded chunks are untouched.
 */
function inlineEntryCss(): Plugin {
  return {
    name: "moviepedia:inline-entry-css",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== "asset") return tag;
          const css = typeof asset.source === "string" ? asset.source : Buffer.from(asset.source).toString("utf8");
          if (css.includes("</style")) return tag;
          delete bundle[file];
          return `<style>${css}</style>`;
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), endpointRoutes(endpoints), inlineEntryCss(), precompress()],
  // Every `import … from "zod"` gets src/zod-jitless.ts: zod with its JIT off, set before any schema is built.
  resolve: { alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/zod-jitless.ts") }] },
  server: { proxy: { "/api": "http://localhost:3000", "/media": "http://localhost:3000" } },
  build: {
    target: "es2022",
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to name a landing route's chunks in that route's index.html
    // (modulepreload), so they download with the entry instead of after it (apps/server/src/http/spa-preload.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Named vendor chunks: they change rarely, so browsers keep them cached across deployments, and the
        // first load fetches the React runtime but never the form libraries (only the login/signup pages do).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: "zod", test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$/ },
            { name: "forms", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            // Icons and the shared kit are dozens of modules under 1 kB each: one chunk apiece instead of a request
            // per module (each a round trip on a phone network) when a page loads. The kit's Radix dialog stays out:
            // it goes with Radix, which loads when a dialog first opens.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: "shared", test: (id) => SHARED_KIT.test(id) && !DIALOG_KIT.test(id) },
            {
              name: "dialog",
              test: (id) =>
                DIALOG_KIT.test(id) ||
                /node_modules[\\/](@radix-ui|react-remove-scroll[^\\/]*|aria-hidden|use-sidecar|use-callback-ref|tslib)[\\/]/.test(
                  id,
                ),
            },
          ],
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    setupFiles: ["./src/test-setup.ts"],
    // A ceiling, not a speed target: `npm test` runs the web tests beside the server suites, and a jsdom test that
    // renders a whole page can wait seconds for a core on a loaded 2-core machine.
    testTimeout: 30_000,
  },
});
