// npm run bench:sync -- [--films=10000] [--latency=50] [--rate=40] [--cast=8] [--people=30000]
// catalog:sync --popular N against the fake TMDB (apps/server/test/helpers/fake-tmdb.ts) answering every request
// after `latency` ms, into a fresh SQLite file (var/bench-sync.db): films per second, requests per film, and the
// process's memory sampled every 10 % of the run (flat = no growth with the number of films). Films are written
// first (one request each, people under their credit names), then the new people's Hangul names are looked up
// (one request per person): both phases are timed.
// Each film credits a director and `cast` actors drawn from a pool of `people` (as popular films share actors), so
// people already synced are not fetched again. `rate` is the client's request ceiling (TMDB asks for ~40/s).
import fs from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "../../apps/server/src/config.js";
import { openDatabase } from "../../apps/server/src/db/connection.js";
import { migrateToLatest } from "../../apps/server/src/db/migrate.js";
import { runCatalogSync } from "../../apps/server/src/modules/catalog-sync/sync.js";
import { TmdbClient } from "../../apps/server/src/modules/catalog-sync/tmdb-client.js";
import { systemClock } from "../../apps/server/src/lib/time.js";
import { FAKE_TMDB_KEY, startFakeTmdb } from "../../apps/server/test/helpers/fake-tmdb.js";
import { castMember, director, film, person } from "../../apps/server/test/helpers/tmdb-fixtures.js";
import { flag } from "../shared/database.js";

const films = Number(flag("films") ?? 10_000);
const latency = Number(flag("latency") ?? 50);
const rate = Number(flag("rate") ?? 40);
const castSize = Number(flag("cast") ?? 8);
const pool = Number(flag("people") ?? 30_000);
const PERSON_BASE = 10_000_000;

/** A deterministic pseudo-random person of the pool for film `id`, slot `i`. */
const pick = (id: number, i: number) => PERSON_BASE + ((id * 7919 + i * 104_729) % pool);

const fake = await startFakeTmdb({
  movies: new Map(),
  people: new Map(),
  popular: Array.from({ length: films }, (_, i) => i + 1),
  generateMovie: (id) =>
    id >= 1 && id <= films
      ? film({
          id,
          title: `벤치 영화 ${id}`,
          original_title: `Bench Film ${id}`,
          release_date: `${1980 + (id % 45)}-0${1 + (id % 9)}-15`,
          certification: ["All", "12", "15", "18"][id % 4],
          genres: [18, 35, 53].slice(0, 1 + (id % 3)),
          directors: [director(pick(id, 99), `Director ${pick(id, 99)}`)],
          cast: Array.from({ length: castSize }, (_, i) =>
            castMember(pick(id, i), `Actor ${pick(id, i)}`, i, `역 ${i}`),
          ),
          kr: { flatrate: [{ provider_id: 8, provider_name: "Netflix", logo_path: "/n.jpg", display_priority: 1 }] },
        })
      : undefined,
  generatePerson: (id) => (id >= PERSON_BASE ? person(id, `Person ${id}`, [`배우${id - PERSON_BASE}`]) : undefined),
});
fake.latencyMs = latency;

const file = path.join(REPO_ROOT, "var/bench-sync.db");
fs.mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
const database = openDatabase({ kind: "sqlite", file });
await migrateToLatest(database.db);

const tmdb = new TmdbClient({ apiKey: FAKE_TMDB_KEY, baseUrl: `${fake.url}/3` }, { requestsPerSecond: rate });
const samples: Array<{ done: number; rssMb: number; heapMb: number; s: number }> = [];
const started = Date.now();
let nextSample = 0;
let filmsSeconds = 0;
let nextPeopleSample = 0;
const peopleSamples: typeof samples = [];
const summary = await runCatalogSync(
  { db: database.db, tmdb, clock: systemClock },
  { kind: "popular", count: films },
  {
    concurrency: 8,
    onProgress: (done, total) => {
      if (done < nextSample && done !== total) return;
      nextSample = done + Math.max(1, Math.floor(total / 10));
      const memory = process.memoryUsage();
      samples.push({
        done,
        rssMb: Math.round(memory.rss / 1048576),
        heapMb: Math.round(memory.heapUsed / 1048576),
        s: Math.round((Date.now() - started) / 100) / 10,
      });
      if (done === total) filmsSeconds = (Date.now() - started) / 1000;
    },
    onPeopleProgress: (done, total) => {
      if (done < nextPeopleSample && done !== total) return;
      nextPeopleSample = done + Math.max(1, Math.floor(total / 5));
      const memory = process.memoryUsage();
      peopleSamples.push({
        done,
        rssMb: Math.round(memory.rss / 1048576),
        heapMb: Math.round(memory.heapUsed / 1048576),
        s: Math.round((Date.now() - started) / 100) / 10,
      });
    },
  },
);
const seconds = (Date.now() - started) / 1000;
const synced = summary.inserted + summary.updated + summary.linked;
console.log(
  JSON.stringify(
    {
      films,
      latencyMs: latency,
      requestCeilingPerS: rate,
      synced,
      failed: summary.failed.length,
      filmsSeconds: Math.round(filmsSeconds * 10) / 10,
      filmsPerSecond: Math.round((synced / filmsSeconds) * 10) / 10,
      peopleNamed: summary.peopleNamed,
      peopleFailed: summary.peopleFailed,
      totalSeconds: Math.round(seconds * 10) / 10,
      requests: tmdb.http.stats.requests,
      requestsPerFilm: Math.round((tmdb.http.stats.requests / synced) * 100) / 100,
      people: (
        await database.db
          .selectFrom("people")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n,
      samples,
      peopleSamples,
    },
    null,
    1,
  ),
);
await database.close();
await fake.close();
