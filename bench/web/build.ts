// The built SPA the server serves: rebuilt (like `npm start` does) when dist/index.html is missing or older than any
// source, and the INITIAL JavaScript it loads — the entry script(s) plus the modulepreloads of dist/index.html.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { REPO_ROOT } from "../../apps/server/src/config.js";

/** The server's `WEB_DIST` (resolved the same way): an experiment can build and measure a copy without touching the
 * shared apps/web/dist. */
export const WEB_DIST = process.env.WEB_DIST
  ? path.resolve(REPO_ROOT, process.env.WEB_DIST)
  : path.join(REPO_ROOT, "apps/web/dist");
const SOURCES = ["apps/web/src", "apps/web/index.html", "apps/web/public", "apps/web/vite.config.ts"];
const SOURCES_OUTSIDE = ["packages/contract/src"];

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds apps/web when its dist is missing or stale; returns whether it built. */
export function buildWebIfStale(): boolean {
  const index = path.join(WEB_DIST, "index.html");
  const sourceTime = Math.max(
    ...[...SOURCES, ...SOURCES_OUTSIDE]
      .map((p) => path.join(REPO_ROOT, p))
      .filter((p) => fs.existsSync(p))
      .map(newestMtime),
  );
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sourceTime) return false;
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web", "--", "--outDir", WEB_DIST, "--emptyOutDir"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error(`web build failed (exit ${build.status})`);
  return true;
}

export interface InitialAsset {
  file: string;
  kind: "script" | "modulepreload" | "stylesheet";
  bytes: number;
  gzipBytes: number;
}

/** The scripts, modulepreloads and stylesheets (linked or inlined) dist/index.html loads before any route chunk. */
export function initialAssets(): InitialAsset[] {
  const html = fs.readFileSync(path.join(WEB_DIST, "index.html"), "utf8");
  const assets: InitialAsset[] = [];
  const seen = new Set<string>();
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    let kind: InitialAsset["kind"] | undefined;
    let href: string | undefined;
    if (tag.startsWith("<script") && attribute("src")) {
      kind = "script";
      href = attribute("src");
    } else if (tag.startsWith("<link") && attribute("rel") === "modulepreload") {
      kind = "modulepreload";
      href = attribute("href");
    } else if (tag.startsWith("<link") && attribute("rel") === "stylesheet") {
      kind = "stylesheet";
      href = attribute("href");
    }
    if (!kind || !href || !href.startsWith("/") || seen.has(href)) continue;
    seen.add(href);
    const content = fs.readFileSync(path.join(WEB_DIST, href));
    assets.push({
      file: href,
      kind,
      bytes: content.length,
      gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
    });
  }
  // The entry stylesheet the build inlines into index.html.
  for (const match of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) {
    const content = Buffer.from(match[1]!, "utf8");
    assets.push({
      file: "index.html <style>",
      kind: "stylesheet",
      bytes: content.length,
      gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
    });
  }
  return assets;
}
