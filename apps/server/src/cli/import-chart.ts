// npm run catalog:import-chart -- <box_office|watcha_buying|netflix> <file.json|file.csv>
import fs from "node:fs";
import { importChart } from "./catalog/chart.js";
import { ImportError } from "./catalog/parse.js";
import { inputFile, runCli } from "./catalog/run.js";

await runCli(
  "usage: npm run catalog:import-chart -- <box_office|watcha_buying|netflix> <file.json|file.csv>",
  async (database, [type, name]) => {
    if (!type || !name) throw new ImportError("usage: a chart type and a file are required");
    const file = inputFile(name);
    const result = await importChart(database.db, type, file, fs.readFileSync(file, "utf8"));
    console.log(`${result.chart}: replaced with ${result.entries} movies`);
  },
);
