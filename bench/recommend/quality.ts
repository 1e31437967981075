// `npm run bench:recommend`: rating-prediction quality of the recommender on synthetic data with a known truth,
// then request latency with a 100,000-movie model. Each size runs in its own child process so its peak memory is
// its own. Flags: --sizes=100k,2m  --no-sgd  --no-latency  --no-quality  --users=N --items=N --rank=N (another shape)
// --factors=N --iterations=N (ALS overrides)  --ceilings=8,24,50,100 (factor ceilings, on the first size; "none"
// skips). Tables go to stdout and to the "bench:recommend" section of docs/performance.md (BENCH_REPORT=off: not).
import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { type AlsParams, DEFAULT_ALS_PARAMS } from "../../apps/server/src/modules/recommend/als.js";
import { markdownTable, writeReport } from "../shared/report.js";
import { type CeilingRow, ceilings, evaluate, type SizeResult } from "./evaluate.js";
import { measureLatency } from "./latency.js";
import { BENCH_TRUE_RANK, MARKS, SIGNAL } from "./synthetic.js";

/**
 * 100k: the shape of MovieLens-100K (943 members × 1,682 movies, ~106 ratings a member). 2m: the depth of
 * MovieLens-20M (~144 ratings a member, ~740 a movie) at 2M ratings.
 */
const SHAPES = {
  "100k": { users: 943, items: 1_682, ratings: 100_000, note: "MovieLens-100K shape" },
  "500k": { users: 3_475, items: 2_700, ratings: 500_000, note: "MovieLens-20M depth, a quarter of the members" },
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

function runChild<T = SizeResult>(size: SizeName, what = "child"): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), `--${what}=${size}`], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child.on("message", (m) => resolve(m as T));
    child.on("exit", (code) => code !== 0 && reject(new Error(`${size} run exited with ${code}`)));
  });
}

const fixed = (x: number | null, digits: number) => (x === null ? "" : x.toFixed(digits));

/** Report lines (Markdown), printed and written to docs/performance.md at the end. */
const report: string[] = [];
function emit(text: string): void {
  console.log(text);
  report.push(text);
}

function printQuality(r: SizeResult): void {
  const shape = SHAPES[r.size as SizeName];
  emit(
    `\n### ${r.size}: ${r.ratings.toLocaleString("en")} ratings and ${r.marks.toLocaleString("en")} marks, ` +
      `${r.users.toLocaleString("en")} members × ${r.items.toLocaleString("en")} movies (${shape.note}), ` +
      `${r.test.toLocaleString("en")} ratings held out\n`,
  );
  emit(
    markdownTable(
      r.rows.map((row) => ({
        predictor: row.name,
        RMSE: row.rmse.toFixed(4),
        MAE: row.mae.toFixed(4),
        "train CPU s": fixed(row.seconds, 1),
        "train wall s": fixed(row.wallSeconds, 1),
        "peak RSS MB": fixed(row.peakRssMb, 0),
      })),
    ),
  );
  const find = (prefix: string) => r.rows.find((x) => x.name.startsWith(prefix))!;
  const [ours, marks, oracle, bias] = [
    find("ALS (ours, stars only"),
    find("ALS (ours, stars + marks"),
    find("oracle"),
    find("user + item bias"),
  ];
  const vsOracle = (ours.rmse / oracle.rmse - 1) * 100;
  const vsBias = (1 - ours.rmse / bias.rmse) * 100;
  const gain = (1 - marks.rmse / ours.rmse) * 100;
  const room = (1 - oracle.rmse / ours.rmse) * 100;
  const verdict = (ok: boolean) => (ok ? "met" : "not met");
  const bound = (find("true movies").rmse / oracle.rmse - 1) * 100;
  const lines = [
    `ALS RMSE vs oracle: +${vsOracle.toFixed(1)}% (target ≤ 5%: ${verdict(vsOracle <= 5)}; ` +
      `fitting members alone against the true movies already costs +${bound.toFixed(1)}%)`,
    `vs bias baseline: −${vsBias.toFixed(1)}% (target ≥ 8%: ${verdict(vsBias >= 8)})`,
    `marks: −${gain.toFixed(2)}% RMSE vs stars alone (target ≥ 2%: ${verdict(gain >= 2)}; the oracle is ` +
      `${room.toFixed(2)}% below stars alone, the most any learner could gain)`,
  ];
  if (r.size === "2m")
    lines.push(`training ${ours.seconds!.toFixed(1)} CPU s (target < 120 s: ${verdict(ours.seconds! < 120)})`);
  emit(`\n${lines.join("; ")}.`);
}

function printCeilings(size: string, rows: CeilingRow[]): void {
  const best = Math.min(...rows.map((r) => r.rmse));
  emit(`\n### Factor ceilings, ${size}, stars only\n`);
  emit(
    markdownTable(
      rows.map((r) => ({
        ceiling: r.ceiling,
        "factors kept": r.kept,
        RMSE: r.rmse.toFixed(4),
        "vs best": `+${((r.rmse / best - 1) * 100).toFixed(2)}%`,
        "train CPU s": r.seconds.toFixed(1),
      })),
    ),
  );
  const worst = Math.max(...rows.map((r) => r.rmse / best - 1)) * 100;
  emit(
    `\nEvery ceiling within 0.5% of the best RMSE: ${worst <= 0.5 ? "met" : "not met"} (worst +${worst.toFixed(2)}%).`,
  );
}

async function main(): Promise<void> {
  const child = flag("child") as SizeName | undefined;
  const params = alsParams();
  const ceilingChild = flag("ceilings-child") as SizeName | undefined;
  if (ceilingChild) {
    const shape = { ...SHAPES[ceilingChild], rank: numberFlag("rank", BENCH_TRUE_RANK), seed: 7 };
    process.send!(ceilings(shape, params, ceilingList()));
    return;
  }
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
  const loadBefore = os.loadavg()[0]!.toFixed(2);
  emit(
    `ALS: ${params.factors} factors, ${params.iterations} sweeps, L2 weights learned ` +
      `(empirical Bayes), seed ${params.seed}. Truth: rank ${numberFlag("rank", BENCH_TRUE_RANK)}, taste σ ` +
      `${flag("interaction") ?? SIGNAL.interactionSd}, noise σ ${flag("noise") ?? SIGNAL.noiseSd}, half stars. One core, Node ` +
      `${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores at start. ` +
      `Marks: each member looks at ${MARKS.looks}× their rating count more films and marks 보고싶어요 where they ` +
      `would give ≥ ${MARKS.wantFrom}, 관심없어요 where ≤ ${MARKS.dismissBelow} (truth + rating noise); the ` +
      `"stars + marks" model trains on the same ratings plus every mark. Held-out ratings are scored.`,
  );
  if (!process.argv.includes("--no-quality")) for (const s of sizes as SizeName[]) printQuality(await runChild(s));
  if (ceilingList().length > 0) {
    const size = sizes[0] as SizeName;
    printCeilings(size, await runChild<CeilingRow[]>(size, "ceilings-child"));
  }
  if (!process.argv.includes("--no-latency")) {
    emit("\n### Request latency, 100,000-movie model (app.inject, 300 requests each)\n");
    const rows = await measureLatency((line) => console.error(line));
    emit(
      markdownTable(
        rows.map((r) => ({
          request: r.endpoint,
          "p50 ms": r.p50.toFixed(1),
          "p95 ms": r.p95.toFixed(1),
          "p99 ms": r.p99.toFixed(1),
          "CPU ms / request": r.cpuMs.toFixed(1),
        })),
      ),
    );
    const worst = Math.max(...rows.map((r) => r.p95));
    emit(`\np95 target < 20 ms: ${worst < 20 ? "met" : "not met"} (load average now ${os.loadavg()[0]!.toFixed(1)}).`);
  }
  writeReport("recommend", "Recommender (bench:recommend)", report.join("\n"), loadBefore);
}

function ceilingList(): number[] {
  const raw = flag("ceilings") ?? "8,24,50,100";
  return raw === "none" ? [] : raw.split(",").map(Number);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
