// Benchmarks write their own section of docs/performance.md: the tables of the last run, with the date and the machine
// they ran on, between `<!-- bench:<id> -->` markers, so the document is never edited by hand and never stale.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/performance.md");

/** A Markdown table from rows of cells; numbers right-aligned. */
export function markdownTable(rows: Array<Record<string, string | number | null | undefined>>): string {
  if (rows.length === 0) return "(no rows)";
  const columns = Object.keys(rows[0]!);
  const numeric = columns.map((c) => rows.every((r) => typeof r[c] === "number" || r[c] == null));
  const cell = (v: unknown) => (v == null ? "" : String(v).replace(/\|/g, "\\|"));
  return [
    `| ${columns.join(" | ")} |`,
    `|${numeric.map((n) => (n ? "---:" : "---")).join("|")}|`,
    ...rows.map((r) => `| ${columns.map((c) => cell(r[c])).join(" | ")} |`),
  ].join("\n");
}

/** The machine a run happened on, in one line. */
export function machineLine(loadBefore?: string): string {
  const cpu = os.cpus()[0]?.model.trim() ?? "unknown CPU";
  const memory = Math.round(os.totalmem() / 2 ** 30);
  const load =
    loadBefore === undefined ? "" : `; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after`;
  return `${os.cpus().length} × ${cpu}, ${memory} GiB, Node ${process.version}${load}`;
}

/**
 * Replaces (or appends) the section `id` of docs/performance.md with `title`, the date and machine, and `body`.
 * `BENCH_REPORT=off` leaves the document alone (exploratory runs).
 */
export function writeReport(id: string, title: string, body: string, loadBefore?: string): void {
  if (process.env.BENCH_REPORT === "off") return;
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const when = new Date()
    .toISOString()
    .replace(/:\d\d\.\d+Z$/, " UTC")
    .replace("T", " ");
  const section = `${start}\n## ${title}\n\nMeasured ${when} by \`npm run bench:${id.split(":")[0]}\` on ${machineLine(loadBefore)}.\n\n${body.trim()}\n${end}`;
  const doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n";
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  const next =
    from >= 0 && to > from
      ? doc.slice(0, from) + section + doc.slice(to + end.length)
      : `${doc.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(DOC, next);
  console.log(`Section "${title}" of ${path.relative(process.cwd(), DOC)} updated.`);
}
