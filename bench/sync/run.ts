// npm run bench:sync -- [--films=10000] [--latency=50] [--rate=40] [--cast=8] [--people=30000]
// catalog:sync --popular N against the fake TMDB (apps/server/test/helpers/fake-tmdb.ts) answering every request
// after `latency` ms, into a fresh SQLite file (var/bench-sync.db). Timed as an operator sees it (docs/catalog-sync.md,
// "How long it takes"): the listing of the popular films, the films (one request each, written and served with their
// credits under TMDB's spellings: the target is 10,000 films served in < 10 minutes at ≥ 20 films/s), then the people
// pass that looks up the new people's Hangul names (one request per person), with the process's memory sampled every
// 10 % of each phase (flat = no growth with the number of films). Writes its section of docs/performance.md
// (BENCH_REPORT=off for exploratory runs).
// Each film credits a director and `cast` actors drawn from a pool of `people` (as popular films share actors), so
// people already synced are not fetched again. `rate` is the client's request ceiling (TMDB asks for ~40/s).
import fs from "node:fs";
import os from "node:os";
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
import { markdownTable, writeReport } from "../shared/report.js";

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

const loadBefore = os.loadavg()[0]!.toFixed(2);
const tmdb = new TmdbClient({ apiKey: FAKE_TMDB_KEY, baseUrl: `${fake.url}/3` }, { requestsPerSecond: rate });

interface Sample {
  phase: "films" | "people";
  done: number;
  s: number;
  rssMb: number;
  heapMb: number;
}
const samples: Sample[] = [];
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const sample = (phase: Sample["phase"], done: number) => {
  const memory = process.memoryUsage();
  samples.push({
    phase,
    done,
    s: Math.round(elapsed() * 10) / 10,
    rssMb: Math.round(memory.rss / 1048576),
    heapMb: Math.round(memory.heapUsed / 1048576),
  });
};
/** Seconds from the start: the listing done (first progress), the first and the last film written, the people pass. */
const marks = { listed: 0, firstFilm: 0, filmsDone: 0, peopleStart: 0, peopleDone: 0 };
let nextFilmSample = 0;
let nextPeopleSample = 0;
let filmsServed = 0;
let peopleTotal = 0;
const linkedFilms = async () =>
  Number(
    (
      await database.db
        .selectFrom("movies")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("tmdb_id", "is not", null)
        .executeTakeFirstOrThrow()
    ).n,
  );
let servedCheck: Promise<number> | undefined;

const summary = await runCatalogSync(
  { db: database.db, tmdb, clock: systemClock },
  { kind: "popular", count: films },
  {
    concurrency: 8,
    onProgress: (done, total) => {
      if (done === 0) marks.listed = elapsed();
      if (done === 1) marks.firstFilm = elapsed();
      if (done === total) marks.filmsDone = elapsed();
      if (done < nextFilmSample && done !== total) return;
      nextFilmSample = done + Math.max(1, Math.floor(total / 10));
      sample("films", done);
    },
    onPeopleProgress: (done, total) => {
      if (done === 0) {
        marks.peopleStart = elapsed();
        peopleTotal = total;
        // What readers see once the films are done: every film in the catalog (the server reads the same database).
        servedCheck = linkedFilms();
      }
      if (done === total) marks.peopleDone = elapsed();
      if (done < nextPeopleSample && done !== total) return;
      nextPeopleSample = done + Math.max(1, Math.floor(total / 10));
      sample("people", done);
    },
  },
);
filmsServed = (await servedCheck) ?? 0;
const totalSeconds = elapsed();
const synced = summary.inserted + summary.updated + summary.linked;
const people = Number(
  (
    await database.db
      .selectFrom("people")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const filmSeconds = marks.filmsDone - marks.listed;
const result = {
  films,
  latencyMs: latency,
  requestCeilingPerS: rate,
  synced,
  failed: summary.failed.length,
  listingSeconds: round(marks.listed),
  firstFilmSeconds: round(marks.firstFilm),
  filmsServedSeconds: round(marks.filmsDone),
  filmsServed,
  filmsPerSecond: round(synced / filmSeconds),
  filmsPerSecondWithListing: round(synced / marks.filmsDone),
  peopleTotal,
  peopleNamed: summary.peopleNamed,
  peopleFailed: summary.peopleFailed,
  peopleSeconds: round(marks.peopleDone - marks.peopleStart),
  totalSeconds: round(totalSeconds),
  requests: tmdb.http.stats.requests,
  retries: tmdb.http.stats.retries,
  people,
  unknownGenres: summary.unknownGenres,
};
console.log(JSON.stringify({ ...result, samples }, null, 1));
await database.close();
await fake.close();

const minutes = (seconds: number) => `${round(seconds / 60)} min`;
const phaseRss = (phase: Sample["phase"]) => {
  const rss = samples.filter((x) => x.phase === phase).map((x) => x.rssMb);
  return rss.length ? `${Math.min(...rss)}–${Math.max(...rss)} MB` : "";
};
const filmRequests = synced
  ? round((tmdb.http.stats.requests - summary.peopleNamed - summary.peopleFailed) / synced, 2)
  : 0;
const perPerson =
  marks.peopleDone > marks.peopleStart ? round(peopleTotal / (marks.peopleDone - marks.peopleStart)) : 0;
const servedTarget = films >= 10_000 ? marks.filmsDone < 600 : undefined;
const verdict = (met: boolean | undefined, what: string) =>
  met === undefined ? `${what}: not measured (this run had fewer films)` : `${what}: ${met ? "met" : "NOT met"}`;
const rssFilms = samples.filter((x) => x.phase === "films").map((x) => x.rssMb);
const growth = rssFilms.length > 1 ? rssFilms.at(-1)! - rssFilms[Math.min(1, rssFilms.length - 1)]! : 0;

writeReport(
  "sync",
  "Catalog sync (bench:sync)",
  [
    `\`npm run bench:sync -- --films=${films} --latency=${latency} --rate=${rate}\`: \`catalog:sync --popular ${films}\` ` +
      `against the fake TMDB (\`apps/server/test/helpers/fake-tmdb.ts\`) answering every request after ${latency} ms, ` +
      `into a fresh SQLite file, with the client at ${rate} requests/s (TMDB's ceiling is ~40–50/s). Each film credits ` +
      `a director and ${castSize} actors drawn from a pool of ${pool.toLocaleString("en")} people, so people repeat ` +
      "across films as on TMDB. Times are from the command's start.",
    "",
    markdownTable([
      {
        phase: "listing",
        work: `${Math.ceil(films / 20)} pages of /movie/popular`,
        "done at": `${round(marks.listed)} s`,
        rate: "",
        RSS: "",
      },
      {
        phase: "films",
        work: `${synced.toLocaleString("en")} films written and served, credits under TMDB's names (${filmRequests} requests per film, listing included)`,
        "done at": `${round(marks.filmsDone)} s (${minutes(marks.filmsDone)}); first film at ${round(marks.firstFilm)} s`,
        rate: `${round(synced / filmSeconds)} films/s`,
        RSS: phaseRss("films"),
      },
      {
        phase: "people",
        work: `${peopleTotal.toLocaleString("en")} new people looked up for their Hangul names (1 request each)`,
        "done at": `${round(marks.peopleDone)} s (${minutes(marks.peopleDone)}; the pass took ${round(marks.peopleDone - marks.peopleStart)} s)`,
        rate: `${perPerson} people/s`,
        RSS: phaseRss("people"),
      },
    ]),
    "",
    `Films in the catalog when the people pass began: ${filmsServed.toLocaleString("en")} of ${films.toLocaleString("en")} ` +
      `(failed: ${summary.failed.length}). ${verdict(synced / filmSeconds >= 20, "≥ 20 films/s")}; ` +
      `${verdict(servedTarget, "10,000 films served in < 10 minutes")}; memory: RSS ${growth >= 0 ? "+" : ""}${growth} MB ` +
      "from the first 10 % of the films to the last (samples below). The people pass is bound by the request ceiling " +
      `(${rate}/s); it runs after the films, resumes after an interruption, and shrinks as the catalog grows (people ` +
      "already linked are never fetched again).",
    "",
    markdownTable(
      samples.map((x) => ({ phase: x.phase, done: x.done, "at s": x.s, "RSS MB": x.rssMb, "heap MB": x.heapMb })),
    ),
  ].join("\n"),
  loadBefore,
);
