// How far V8 lets the heap grow past what survived its last full collection before it collects again. By default the
// factor is chosen per collection between 1.1 and 4 (large when collections are cheap next to the work between them),
// and a server answering thousands of requests a second makes them look cheap: under bench:api's load the heap took
// 210–230 MB with 80–200 MB in use, and the process peaked at 430–504 MB of RSS against its 400 MB budget
// (docs/performance.md). A fixed 1.5 keeps it at 134–153 MB with the same throughput and CPU per request; the read
// cache's byte budget (CACHE_MAX_MB) bounds the live part. V8 reads the flag at every collection, so setting it at
// boot takes effect without a command-line flag (which `npm start`, tests and benchmarks would each have to pass).
import v8 from "node:v8";

export const HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
