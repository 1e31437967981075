// "zod" in the web app (tests, dev server and build: vite.config.ts aliases the bare specifier here). zod compiles
// object schemas with `new Function` unless told not to, and it decides when a schema is built, not when it parses:
// under the SPA's Content-Security-Policy (no 'unsafe-eval') its probe is refused and reported as a violation (issue
// #22). This module sets jitless mode before any module that imports "zod" — the contract's schemas, the forms — runs
// its own code, whatever chunk it lands in. Listed in package.json's sideEffects, so the build keeps the call.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
