// The part of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface RequestData {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
  }

  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    /** `context` is the connection's own object, kept between its requests (its client's requestIterator.context). */
    requests?: Array<
      RequestData & { setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData }
    >;
  }

  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    throughput: { average: number };
    errors: number;
    non2xx: number;
  }

  interface Instance extends EventEmitter {
    on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
    on(event: "done", listener: (result: Result) => void): this;
  }

  function autocannon(options: Options, callback?: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
