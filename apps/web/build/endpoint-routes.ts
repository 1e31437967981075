// The web build's copy of the contract's endpoint table, without its zod schemas.
//
// The app calls the API through `api(endpoints.x.y, …)`, whose types come from the whole table (params, query, body
// and answers as zod schemas), but at run time it reads only an entry's plain fields (method, path, auth mode, …).
// Bundling the real table would put zod and every schema of the contract into the first load (~30 kB gzipped, and
// building the schemas on start-up costs a phone tens of milliseconds). So the production build resolves the
// contract's `./endpoints/index.js` to a module generated here from the real table with the schema fields left out;
// type checking, the dev server and the tests keep using the real module. `endpoint-routes.test.ts` checks that the
// generated table has every entry with the same plain fields.
import type { Endpoint } from "@moviepedia/contract";
import type { Plugin } from "vite";

/** The fields of an entry that hold zod schemas; everything else is plain data the client may read. */
export const SCHEMA_FIELDS = ["params", "query", "body", "responses"] as const;

type Table = Readonly<Record<string, Readonly<Record<string, Endpoint>>>>;

/** Each entry of the table with its schema fields left out. */
export function routesOf(table: Table): Record<string, Record<string, Partial<Endpoint>>> {
  return Object.fromEntries(
    Object.entries(table).map(([group, entries]) => [
      group,
      Object.fromEntries(
        Object.entries(entries).map(([name, entry]) => [
          name,
          Object.fromEntries(
            Object.entries(entry).filter(([field]) => !(SCHEMA_FIELDS as readonly string[]).includes(field)),
          ),
        ]),
      ),
    ]),
  );
}

/** The generated module: the same export (`endpoints`) as the contract's `endpoints/index.ts`, as frozen data. */
export function routesModule(table: Table): string {
  return `export const endpoints = ${JSON.stringify(routesOf(table))};\n`;
}

const VIRTUAL_ID = "\0moviepedia:endpoint-routes";
const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;

/** Production builds only: the contract's index imports the table from `./endpoints/index.js`; that import gets ours. */
export function endpointRoutes(table: Table): Plugin {
  return {
    name: "moviepedia:endpoint-routes",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./endpoints/index.js" && importer && CONTRACT_SOURCE.test(importer)) return VIRTUAL_ID;
      return null;
    },
    load(id) {
      return id === VIRTUAL_ID ? routesModule(table) : null;
    },
  };
}
