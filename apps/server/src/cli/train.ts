// npm run recommend:train — trains the recommender now from every rating > 0 and implicit mark (docs/recommender.md)
// in the configured database and stores
// the model; running servers pick it up within their poll interval (30 s).
import { ConfigError, loadConfig } from "../config.js";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { DEFAULT_ALS_PARAMS, trainRecommender } from "../modules/recommend/index.js";
import { systemClock } from "../lib/time.js";
import { progressBar } from "./catalog/run.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const bar = progressBar("training (ALS half-steps)");
  try {
    await migrateToLatest(database.db);
    console.error("loading ratings…");
    const result = await trainRecommender(
      { db: database.db, clock: systemClock },
      {
        onLoaded: (n) => console.error(`${n.toLocaleString("en")} ratings loaded`),
        onProgress: bar.update,
      },
    );
    bar.stop();
    if (result.modelId === null) {
      console.log("No ratings yet: nothing to train (recommendations use the cold-start ranking).");
    } else {
      const p = DEFAULT_ALS_PARAMS;
      console.log(
        `model ${result.modelId}: ${result.ratings.toLocaleString("en")} ratings and ` +
          `${result.marks.toLocaleString("en")} marks, ${result.members} members, ` +
          `${result.movies} movies, ${result.factors} of at most ${p.factors} factors kept, ${p.iterations} sweeps, ` +
          `${result.seconds.toFixed(1)} s`,
      );
    }
  } finally {
    bar.stop();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
