// The production build's endpoint table (build/endpoint-routes.ts) must be the contract's table without its schemas:
// every group and entry, with the same method, path, auth mode and other plain fields.
import { endpoints } from "@moviepedia/contract";
import { describe, expect, it } from "vitest";
import { routesModule, routesOf, SCHEMA_FIELDS } from "./endpoint-routes";

describe("the build's endpoint table", () => {
  it("keeps every entry's plain fields and drops its schemas", () => {
    const routes = routesOf(endpoints);
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints));
    for (const [group, entries] of Object.entries(endpoints)) {
      expect(Object.keys(routes[group]!)).toEqual(Object.keys(entries));
      for (const [name, entry] of Object.entries(entries)) {
        const route = routes[group]![name]!;
        for (const field of SCHEMA_FIELDS) expect(route).not.toHaveProperty(field);
        const { params: _p, query: _q, body: _b, responses: _r, ...plain } = entry as Record<string, unknown>;
        expect(route, `${group}.${name}`).toEqual(plain);
      }
    }
  });

  it("generates a module whose `endpoints` is that table", async () => {
    const code = routesModule(endpoints);
    const generated = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { endpoints: unknown };
    expect(generated.endpoints).toEqual(routesOf(endpoints));
    expect(routesOf(endpoints).movies!.detail).toEqual({
      method: "GET",
      path: "/api/movies/:movie_id",
      auth: "none",
      tag: "movies",
    });
  });
});
