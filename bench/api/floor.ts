// The floor of bench:api: a bare Fastify app (no plugins, hooks or schemas) with one route that reads one movie row
// by primary key from the same benchmark database through the same driver, in its own process. Every endpoint's
// throughput is printed as a fraction of this one.
import Fastify from "fastify";
import { serveAsChild } from "../shared/child-server.js";
import { benchTarget, openTarget } from "../shared/database.js";

async function main(): Promise<void> {
  const database = openTarget(benchTarget());
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>("/floor/:id", async (request, reply) => {
    const row = await database.db
      .selectFrom("movies")
      .select(["id", "title", "year", "ratings_count"])
      .where("id", "=", Number(request.params.id))
      .executeTakeFirst();
    return row ?? reply.code(404).send({ detail: "not found" });
  });
  await serveAsChild(app, database);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
