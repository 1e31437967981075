// bench:streams (issue #21): how much memory open notification streams (SSE) cost the server. Starts the bench:api
// server on the benchmark database, opens STREAMS streams (default 1,000) spread over signed-in members, keeps them
// open through a few heartbeats, and reports the server's resident memory before and after, per stream, with the
// number still open at the end (heartbeats every second here, so a stream that died would be noticed).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_MEMBER_PASSWORD, benchLoginId } from "../shared/members.js";
import { startChildServer } from "../shared/child-server.js";
import { markdownTable, writeReport } from "../shared/report.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.STREAMS ?? 1000);
const MEMBERS = Number(process.env.STREAM_MEMBERS ?? 100);
const HOLD_S = Number(process.env.HOLD_S ?? 10);

function rssMb(pid: number): number {
  // Linux: the child's resident set from /proc (the server's own process, not this one's).
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  const server = await startChildServer(path.join(here, "server.ts"), {
    env: {
      ...process.env,
      NOTIFICATION_STREAMS_PER_MEMBER: String(Math.ceil(STREAMS / MEMBERS)),
      NOTIFICATION_STREAMS_MAX: String(STREAMS + 10),
      NOTIFICATION_STREAM_HEARTBEAT_S: "1",
    },
  });
  const base = `http://127.0.0.1:${server.port}`;
  const tokens: string[] = [];
  for (let k = 1; k <= MEMBERS; k++) {
    const res = await fetch(`${base}/api/users/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login_id: benchLoginId(k), login_password: BENCH_MEMBER_PASSWORD }),
    });
    if (res.status !== 201) throw new Error(`signin answered ${res.status} (run npm run bench:data first)`);
    tokens.push(((await res.json()) as { access_token: string }).access_token);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb(server.child.pid!);
  let open = 0;
  let heartbeats = 0;
  const requests: http.ClientRequest[] = [];
  for (let i = 0; i < STREAMS; i++) {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(
        `${base}/api/notifications/stream`,
        { agent, headers: { authorization: `Bearer ${tokens[i % MEMBERS]}`, accept: "text/event-stream" } },
        (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream ${i} answered ${res.statusCode}`));
          open++;
          res.on("data", (chunk: Buffer) => {
            if (chunk.includes(": heartbeat")) heartbeats++;
          });
          res.on("close", () => open--);
          resolve();
        },
      );
      req.on("error", reject);
      requests.push(req);
    });
  }
  const opened = rssMb(server.child.pid!);
  await new Promise((r) => setTimeout(r, HOLD_S * 1000));
  const held = rssMb(server.child.pid!);
  console.log(`bench:streams — ${STREAMS} streams over ${MEMBERS} members, held ${HOLD_S} s`);
  const result = {
    "server RSS before (MB)": before.toFixed(1),
    "after opening (MB)": opened.toFixed(1),
    [`after ${HOLD_S} s (MB)`]: held.toFixed(1),
    "MB per stream": ((held - before) / STREAMS).toFixed(3),
    "streams still open": open,
    "heartbeats received": heartbeats,
  };
  console.table(result);
  writeReport(
    "streams",
    "Notification streams (SSE)",
    `${STREAMS} streams over ${MEMBERS} members held ${HOLD_S} s with a heartbeat every second ` +
      `(issue #21: 1,000 open streams hold with flat memory).\n\n` +
      markdownTable([result]),
    loadBefore,
  );
  for (const req of requests) req.destroy();
  await server.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
