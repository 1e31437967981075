// `npm run bench:recommend`: rating-prediction quality of the recommender on synthetic data with a known truth,
// then request latency with a 100,000-movie model. Each size runs in its own child process so its peak memory is
// its own. Flags: --sizes=100k,2m  --no-sgd  --no-latency  --no-quality  --users=N --items=N --rank=N (another shape)
// --factors=N --iterations=N (ALS overrides).
import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { type AlsParams, DEFAULT_ALS_PARAMS } from "../../apps/server/src/modules/recommend/als.js";
import { evaluate, type SizeResult } from "./evaluate.js";
import { measureLatency } from "./latency.js";
import { BENCH_TRUE_RANK, SIGNAL } from "./synthetic.js";

/**
 * 100k: the shape of MovieLens-100K (943 members × 1,682 movies, ~106 ratings a member). 2m: the depth of
 * MovieLens-20M (~144 ratings a member, ~740 a movie) at 2M ratings.
 */
const SHAPES = {
  "100k": { users: 943, items: 1_682, ratings: 100_000, note: "MovieLens-100K shape" },
  "2m": { users: 13_900, items: 2_700, ratings: 2_000_000, note: "MovieLens-20M depth" },
} as const;
type SizeName = keyof typeof SHAPES;

function flag(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
const numberFlag = (name: string, fallback: number) => (flag(name) === undefined ? fallback : Number(flag(name)));

function alsParams(): AlsParams {
  return {
    ...DEFAULT_ALS_PARAMS,
    factors: numberFlag("factors", DEFAULT_ALS_PARAMS.factors),
    iterations: numberFlag("iterations", DEFAULT_ALS_PARAMS.iterations),
  };
}

function runChild(size: SizeName): Promise<SizeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), `--child=${size}`], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.on("message", (m) => resolve(m as SizeResult));
    child.on("exit", (code) => code !== 0 && reject(new Error(`${size} run exited with ${code}`)));
  });
}

const fixed = (x: number | null, digits: number) => (x === null ? "" : x.toFixed(digits));

function printQuality(r: SizeResult): void {
  const shape = SHAPES[r.size as SizeName];
  console.log(
    `\n## ${r.size}: ${r.ratings.toLocaleString("en")} ratings, ${r.users.toLocaleString("en")} members × ` +
      `${r.items.toLocaleString("en")} movies (${shape.note}), ${r.test.toLocaleString("en")} held out\n`,
  );
  console.log("| predictor | RMSE | MAE | train CPU s | train wall s | peak RSS MB |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const row of r.rows) {
    console.log(
      `| ${row.name} | ${row.rmse.toFixed(4)} | ${row.mae.toFixed(4)} | ${fixed(row.seconds, 1)} | ` +
        `${fixed(row.wallSeconds, 1)} | ${fixed(row.peakRssMb, 0)} |`,
    );
  }
  const find = (prefix: string) => r.rows.find((x) => x.name.startsWith(prefix))!;
  const [ours, oracle, bias] = [find("ALS"), find("oracle"), find("user + item bias")];
  const vsOracle = (ours.rmse / oracle.rmse - 1) * 100;
  const vsBias = (1 - ours.rmse / bias.rmse) * 100;
  const verdict = (ok: boolean) => (ok ? "met" : "not met");
  const bound = (find("true movies").rmse / oracle.rmse - 1) * 100;
  const lines = [
    `ALS RMSE vs oracle: +${vsOracle.toFixed(1)}% (target ≤ 5%: ${verdict(vsOracle <= 5)}; ` +
      `fitting members alone against the true movies already costs +${bound.toFixed(1)}%)`,
    `vs bias baseline: −${vsBias.toFixed(1)}% (target ≥ 8%: ${verdict(vsBias >= 8)})`,
  ];
  if (r.size === "2m")
    lines.push(`training ${ours.seconds!.toFixed(1)} CPU s (target < 120 s: ${verdict(ours.seconds! < 120)})`);
  console.log(`\n${lines.join("; ")}`);
}

async function main(): Promise<void> {
  const child = flag("child") as SizeName | undefined;
  const params = alsParams();
  if (child) {
    const shape = {
      users: numberFlag("users", SHAPES[child].users),
      items: numberFlag("items", SHAPES[child].items),
      ratings: SHAPES[child].ratings,
      rank: numberFlag("rank", BENCH_TRUE_RANK),
      seed: 7,
      signal: Object.fromEntries(
        (["noise", "interaction", "decay"] as const).flatMap((name) => {
          const key = { noise: "noiseSd", interaction: "interactionSd", decay: "decay" }[name];
          return flag(name) === undefined ? [] : [[key, Number(flag(name))]];
        }),
      ),
    };
    process.send!(evaluate(child, shape, params, !process.argv.includes("--no-sgd")));
    return;
  }
  const sizes = (flag("sizes") ?? "100k,2m").split(",").map((s) => s.trim().toLowerCase());
  for (const s of sizes) if (!(s in SHAPES)) throw new Error(`unknown size ${s}; use ${Object.keys(SHAPES).join(",")}`);
  console.log(
    `# Recommender benchmark\n\nALS: ${params.factors} factors, ${params.iterations} sweeps, L2 weights learned ` +
      `(empirical Bayes), seed ${params.seed}. Truth: rank ${numberFlag("rank", BENCH_TRUE_RANK)}, taste σ ` +
      `${flag("interaction") ?? SIGNAL.interactionSd}, noise σ ${flag("noise") ?? SIGNAL.noiseSd}, half stars. One core, Node ` +
      `${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at start.`,
  );
  if (!process.argv.includes("--no-quality")) for (const s of sizes as SizeName[]) printQuality(await runChild(s));
  if (!process.argv.includes("--no-latency")) {
    console.log("\n## Request latency, 100,000-movie model (app.inject, 300 requests each)\n");
    const rows = await measureLatency((line) => console.error(line));
    console.log("| request | p50 ms | p95 ms | p99 ms | CPU ms / request |");
    console.log("|---|---:|---:|---:|---:|");
    for (const r of rows) {
      const cells = [r.p50, r.p95, r.p99, r.cpuMs].map((x) => x.toFixed(1)).join(" | ");
      console.log(`| ${r.endpoint} | ${cells} |`);
    }
    const worst = Math.max(...rows.map((r) => r.p95));
    console.log(
      `\np95 target < 20 ms: ${worst < 20 ? "met" : "not met"} (load average now ${os.loadavg()[0]!.toFixed(1)})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
