// npm run catalog:import -- <file.json|file.csv>
import fs from "node:fs";
import { importCatalog } from "./catalog/import.js";
import { inputFile, progressBar, runCli } from "./catalog/run.js";

await runCli("usage: npm run catalog:import -- <file.json|file.csv>", async (database, [name]) => {
  const file = inputFile(name);
  const bar = progressBar("importing");
  try {
    const summary = await importCatalog(database.db, file, fs.readFileSync(file, "utf8"), { onProgress: bar.update });
    bar.stop();
    for (const [what, c] of Object.entries(summary)) {
      console.log(`${what}: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`);
    }
  } finally {
    bar.stop();
  }
});
