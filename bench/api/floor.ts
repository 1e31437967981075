// The floor of bench:api: a bare Fastify app (no plugins, hooks or schemas) with one route that reads one movie row
// by primary key from the same benchmark database through the same driver, in its own process. Every endpoint's
// throughput is printed as a fraction of this one.
import Fastify from "fastify";
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
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  process.send?.({ port: typeof address === "object" && address ? address.port : 0 });
  process.on("SIGTERM", () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
