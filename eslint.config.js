// Lint rules, including the import boundaries of DESIGN.md ("Rules of the house").
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// A file `depth` folders below modules/ reaches another module as "../" × depth + "<module>/…": only its index.js.
// (An import string says nothing of where it starts, so each depth has its own pattern.)
const moduleBoundary = (depth) => ({
  regex: `^${"\\.\\./".repeat(depth)}(?!\\.\\./)[^/]+/(?!index\\.js$)`,
  message: "Import another server module only through its index.ts.",
});
const moduleFilesAt = (depth) => `apps/server/src/modules/${"*/".repeat(depth)}*.ts`;
const repositoryRule = {
  group: ["**/http/*", "fastify", "**/service.js", "**/routes.js"],
  message: "Repositories own SQL only: no HTTP layer, no services.",
};

// no-restricted-syntax: a later config's list replaces an earlier one for the files both name, so every config that
// sets it spreads the rules that apply to all server code.
const transactionRule = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: "Open transactions with inTransaction() from lib/transaction.ts.",
};
const routeRule = {
  selector:
    "CallExpression[callee.object.name=/^(app|scope|instance|fastify|server)$/][callee.property.name=/^(get|post|put|patch|delete|head|options|all|route)$/]",
  message: "Register routes from the contract's endpoint table: route(app, endpoints.<group>.<name>, handler).",
};
const serverSyntaxRules = [transactionRule, routeRule];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "var/**",
      "**/test-results/**",
      "playwright-report/**",
      "**/*.tmp.*",
      "**/*-tmp/**",
      "bench/tmp-diag/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // The contract is shared by server and web: it depends on nothing of theirs.
    files: ["packages/contract/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/apps/**", "@moviepedia/server", "@moviepedia/web"] }],
    },
  },
  {
    // Migrations are frozen in time: never import application code.
    files: ["apps/server/src/db/migrations/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: ["../../*", "../types*", "@moviepedia/*"] }] },
  },
  // A module reaches another only through that module's index.ts (what it chose to expose), from any of its folders.
  ...[1, 2, 3].map((depth) => ({
    files: [moduleFilesAt(depth)],
    rules: { "no-restricted-imports": ["error", { patterns: [moduleBoundary(depth)] }] },
  })),
  {
    // Server code outside modules/ reaches a module through its index.ts only (jobs, cli, http, lib, cache, db).
    files: [
      "apps/server/src/{jobs,cli,http,lib,cache}/**/*.ts",
      "apps/server/src/db/*.ts",
      "apps/server/src/db/seed/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)modules/[^/]+/(?!index\\.js$)",
              message: "Import a server module only through its index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // The composition root wires services and routes; a module's repository stays inside it.
    files: ["apps/server/src/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)modules/[^/]+/(repository|.*-repository)(/|\\.js$)",
              message: "A module's repository is its own.",
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories own SQL only: no HTTP layer, no services.
    files: ["apps/server/src/modules/*/repository.ts", "apps/server/src/modules/*/*-repository.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [moduleBoundary(1), repositoryRule] }] },
  },
  {
    files: ["apps/server/src/modules/*/repository/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [moduleBoundary(2), repositoryRule] }] },
  },
  {
    // One way to open a transaction: inTransaction() re-runs a PostgreSQL deadlock victim instead of answering 500.
    // One way to register a route: http/route.ts, from the endpoint table.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/lib/transaction.ts", "apps/server/src/http/route.ts"],
    rules: { "no-restricted-syntax": ["error", ...serverSyntaxRules] },
  },
  {
    // Server tests and benchmarks open transactions the same way. The bench's bulk writer is the exception: its
    // `sqlite.transaction(fn)` is better-sqlite3's own, on a raw connection that Kysely does not drive.
    files: ["apps/server/test/**/*.ts", "bench/**/*.ts"],
    ignores: ["bench/shared/bulk.ts"],
    rules: { "no-restricted-syntax": ["error", transactionRule] },
  },
  {
    // Routes parse and mappers shape: SQL lives in repositories.
    files: ["apps/server/src/modules/*/routes.ts", "apps/server/src/modules/**/*mapper*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...serverSyntaxRules,
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with)$/]",
          message: "Routes and mappers hold no SQL: put the query in the module's repository.",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: "Routes and mappers hold no SQL: put the query in the module's repository.",
        },
      ],
    },
  },
  {
    // Modules keep their SQL in their repository (`repository.ts`, `*-repository.ts` or `repository/`): the rest of a
    // module decides. No exceptions.
    files: ["apps/server/src/modules/**/*.ts"],
    ignores: [
      "apps/server/src/modules/*/repository.ts",
      "apps/server/src/modules/*/*-repository.ts",
      "apps/server/src/modules/*/repository/**",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...serverSyntaxRules,
        {
          selector: "CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|with)$/]",
          message: "SQL lives in the module's repository (repository.ts or repository/).",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: "SQL lives in the module's repository (repository.ts or repository/).",
        },
      ],
    },
  },
  {
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/config.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from config.ts only." },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow one way, shared/ → features/ → app/, with no cycle (lazy pages' import() included: a feature's
      // pages are loaded from its routes.ts, which only app/ imports).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Features import shared/ and the contract, never each other's insides (only their public index).
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // app/ also imports each feature's routes.ts (its lazily loaded pages); nothing else does.
              group: ["**/features/*/*", "!**/features/*/index*", "!**/features/*/routes"],
              message: "Import a feature only through its index (app/: and its routes).",
            },
            {
              group: ["@moviepedia/server", "**/apps/server/**"],
              message: "The web app talks to the server over HTTP.",
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ is the bottom layer: it imports no feature and nothing of app/.
    files: ["apps/web/src/shared/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/features/**", "**/app/**"], message: "shared/ imports no feature and nothing of app/." },
            {
              group: ["@moviepedia/server", "**/apps/server/**"],
              message: "The web app talks to the server over HTTP.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["apps/web/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/app/**"], message: "Features never import app/ (imports flow shared/ → features/ → app/)." },
            {
              // From features/<area>/<dir>/file: "../../<other>/…" is another feature's inside ("../../<other>" is
              // its index; "../../../shared/…" is shared). A glob cannot say this: gitignore-style negation cannot
              // re-include "../../../shared" once "../../*/**" has excluded its parent.
              regex: "^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(?!index$)",
              message: "Features never import each other's insides.",
            },
            {
              group: ["@moviepedia/server", "**/apps/server/**"],
              message: "The web app talks to the server over HTTP.",
            },
            {
              group: ["**/shared/lib/session", "**/shared/lib/api/*"],
              message: "Call the API through api(endpoints.<group>.<name>, …) from shared/lib/api.",
            },
          ],
        },
      ],
    },
  },
);
