// jobs/leased-job.ts: the one shape of the server's periodic jobs. Two instances share a lease (one works), a run that
// is not due takes no lease, a failing run is logged and the job goes on, and stop() gives the lease back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireLease, type JobLogger, startLeasedJob } from "../src/jobs/leased-job.js";
import { createTestContext, type TestContext } from "./helpers/context.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

function logger() {
  const errors: string[] = [];
  const log: JobLogger = { info: () => undefined, error: (_obj, msg) => errors.push(msg) };
  return { log, errors };
}

const leaseHolder = async (name: string) =>
  (await ctx.db.selectFrom("job_leases").select("holder").where("name", "=", name).executeTakeFirst())?.holder;

describe("startLeasedJob", () => {
  it("lets one of two instances do the work, and the other once the first has stopped", async () => {
    const runs: string[] = [];
    const start = (who: string) =>
      startLeasedJob({
        db: ctx.db,
        clock: ctx.clock,
        log: logger().log,
        lease: "test-shared",
        intervalMs: 3_600_000,
        leaseTtlS: 600,
        work: async () => void runs.push(who),
      });
    const a = start("a");
    await a.firstRun;
    const b = start("b");
    await b.firstRun;
    expect(runs).toEqual(["a"]);
    await a.stop();
    expect(await leaseHolder("test-shared")).toBeUndefined();
    await b.stop();
    const c = start("c");
    await c.firstRun;
    await c.stop();
    expect(runs).toEqual(["a", "c"]);
  });

  it("takes no lease for a run that is not due, and hands the first run's flag to due and work", async () => {
    const seen: boolean[] = [];
    const job = startLeasedJob({
      db: ctx.db,
      clock: ctx.clock,
      log: logger().log,
      lease: "test-not-due",
      intervalMs: 3_600_000,
      leaseTtlS: 600,
      due: async ({ first }) => (seen.push(first), false),
      work: async () => {
        throw new Error("not due, never run");
      },
    });
    await job.firstRun;
    expect(seen).toEqual([true]);
    expect(await leaseHolder("test-not-due")).toBeUndefined();
    await job.stop();
  });

  it("logs a failing run instead of throwing, and releases after each run when asked", async () => {
    const { log, errors } = logger();
    const job = startLeasedJob({
      db: ctx.db,
      clock: ctx.clock,
      log,
      lease: "test-failing",
      intervalMs: 3_600_000,
      leaseTtlS: 600,
      releaseAfterRun: true,
      work: async () => {
        throw new Error("boom");
      },
    });
    await job.firstRun;
    expect(errors).toEqual(["test-failing failed"]);
    // Released after the run: anyone may take it now.
    expect(await acquireLease(ctx.db, "test-failing", "someone", ctx.clock.now(), 60)).toBe(true);
    await job.stop();
  });

  it("aborts a long run's signal on stop and waits for it, and a deferred first run starts after the caller", async () => {
    let aborted = false;
    let started = false;
    let onStart = () => {};
    const running = new Promise<void>((resolve) => (onStart = resolve));
    const job = startLeasedJob({
      db: ctx.db,
      clock: ctx.clock,
      log: logger().log,
      lease: "test-long",
      intervalMs: 3_600_000,
      leaseTtlS: 600,
      deferFirstRun: true,
      work: ({ signal }) => {
        started = true;
        onStart();
        return new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }),
        );
      },
    });
    expect(started).toBe(false);
    await running;
    await job.stop();
    expect(aborted).toBe(true);
    expect(await leaseHolder("test-long")).toBeUndefined();
  });
});
