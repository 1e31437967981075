// Starts a worker thread from a module URL. The server runs from TypeScript source (tsx, vitest), and Node 20 does
// not pass the parent's loader hooks to workers, so a `.ts` entry is started through a tiny ES-module bootstrap
// that registers tsx inside the worker first. A compiled `.js` entry starts directly.
import { Worker, type WorkerOptions } from "node:worker_threads";

export function startModuleWorker(entry: URL, options: WorkerOptions): Worker {
  if (!entry.pathname.endsWith(".ts")) return new Worker(entry, options);
  const tsx = import.meta.resolve("tsx/esm/api");
  const boot = `import { register } from ${JSON.stringify(tsx)};
register();
await import(${JSON.stringify(entry.href)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), options);
}
