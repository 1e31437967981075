// A request that is in flight for as long as the test wants: headers and half the body go out now, the rest when
// `finish()` is called, so a shutdown signal can arrive while the server is still reading it.
import http from "node:http";

export interface InFlight {
  finish(): Promise<{ status: number; body: string; json: unknown }>;
}

export async function inFlightUpload(base: string, path: string, token: string, payload: unknown): Promise<InFlight> {
  const body = Buffer.from(JSON.stringify(payload));
  const half = Math.floor(body.length / 2);
  const url = new URL(path, base);
  const request = http.request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": body.length, authorization: `Bearer ${token}` },
  });
  const response = new Promise<{ status: number; body: string; json: unknown }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.once("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: res.statusCode ?? 0, body: text, json });
      });
    });
  });
  request.flushHeaders();
  request.write(body.subarray(0, half));
  // Let the server parse the head and start reading the body.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    async finish() {
      await new Promise((resolve) => setTimeout(resolve, 300));
      request.end(body.subarray(half));
      return response;
    },
  };
}

export interface Sent {
  /** Resolves once every request has been handed to the operating system (so it sits in the server's socket). */
  written: Promise<void>;
  answers: Promise<Array<{ status: number; body: string }>>;
}

/** Complete requests, each on its own connection, sent now. */
export function sendAll(
  base: string,
  requests: Array<{ method: string; path: string; token: string; body?: unknown }>,
): Sent {
  const writes: Array<Promise<void>> = [];
  const answers = requests.map(({ method, path, token, body }) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(new URL(path, base), {
      method,
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
      },
    });
    writes.push(new Promise((resolve) => request.once("finish", () => resolve())));
    const answer = new Promise<{ status: number; body: string }>((resolve) => {
      request.once("error", (error) => resolve({ status: 0, body: String(error) }));
      request.once("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.once("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      });
    });
    request.end(payload);
    return answer;
  });
  return { written: Promise.all(writes).then(() => undefined), answers: Promise.all(answers) };
}
