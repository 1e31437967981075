// First-start seeding: the catalog always goes into an empty database, the demo community too when SEED_DEMO is on.
// One transaction (and, on PostgreSQL, an advisory lock) so concurrent instances never seed twice or half.
import { inTransaction } from "../../lib/transaction.js";
import { type Kysely, sql } from "kysely";
import type { Clock } from "../../lib/time.js";
import type { Database } from "../types.js";
import { isPostgres } from "../connection.js";
import { type CatalogSeedResult, seedCatalog } from "./catalog.js";
import { type DemoSeedResult, seedDemoCommunity } from "./demo/index.js";

export { seedCatalog } from "./catalog.js";
export { seedDemoCommunity } from "./demo/index.js";
export { recountCounters } from "../counters.js";

const SEED_LOCK = 0x6d6f7669; // "movi"

export interface SeedResult {
  catalog: CatalogSeedResult;
  demo: DemoSeedResult | null;
  ms: number;
}

/** Seeds when the movies table is empty; returns null when there was nothing to do. */
export async function seedIfEmpty(
  db: Kysely<Database>,
  options: { seedDemo: boolean; clock: Clock },
): Promise<SeedResult | null> {
  const started = Date.now();
  return inTransaction(db, async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    const any = await trx.selectFrom("movies").select("id").limit(1).executeTakeFirst();
    if (any) return null;
    const catalog = await seedCatalog(trx, options.clock.now());
    const demo = options.seedDemo ? await seedDemoCommunity(trx, options.clock) : null;
    return { catalog, demo, ms: Date.now() - started };
  });
}
