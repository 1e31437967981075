// A version per member of what their 알림 (notifications, modules/notifications) show, in review_list_versions
// (migration 0019) under the scope 'inbox': triggers renew ('inbox', recipient) after every change of the member's
// notifications or of their actors, and after a change of a review, a reply, a collection comment or a collection
// whose text an item may quote (their authors' and owners' inboxes; a review's only when an item points at it, so a
// member's own ratings leave their list kept); ('titles', 0) moves when a film's title changes or a film is deleted
// (an item quotes the title of a review's film). So a like or a reply reaches only its recipient's kept list.
// Random values, as in 0019: a value a rolled-back transaction showed never comes back.
// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** [table, trigger events, the members whose inbox moves (expressions over the row, `r` = new or old)]. */
const WATCHED: Array<[string, string, string[]]> = [
  ["notifications", "insert or update or delete", ["r.recipient_id"]],
  [
    "notification_actors",
    "insert or update or delete",
    ["(select n.recipient_id from notifications n where n.id = r.notification_id)"],
  ],
  [
    "reviews",
    "update or delete",
    ["(select r.user_id where exists (select 1 from notifications n where n.review_id = r.id))"],
  ],
  ["replies", "update or delete", ["r.user_id", "(select v.user_id from reviews v where v.id = r.review_id)"]],
  [
    "collection_comments",
    "update or delete",
    ["r.user_id", "(select c.user_id from collections c where c.id = r.collection_id)"],
  ],
  ["collections", "update or delete", ["r.user_id"]],
];

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const version = postgres ? "md5(random()::text)" : "hex(randomblob(8))";
  const bump = (scope: string, id: string) =>
    `insert into review_list_versions (scope, scope_id, version) select '${scope}', ${id}, ${version}
      where ${id} is not null
      on conflict (scope, scope_id) do update set version = excluded.version;`;
  if (postgres) {
    for (const [table, events, members] of WATCHED) {
      const body = (row: "new" | "old") => members.map((m) => bump("inbox", m.replaceAll("r.", `${row}.`))).join("\n");
      await sql`create function ${sql.id(`${table}_inbox_versions`)}() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then ${sql.raw(body("old"))} end if;
          if tg_op <> 'DELETE' then ${sql.raw(body("new"))} end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger ${sql.id(`${table}_inbox_versions`)} after ${sql.raw(events)} on ${sql.table(table)}
        for each row execute function ${sql.id(`${table}_inbox_versions`)}()`.execute(db);
    }
    await sql`create function movies_title_versions() returns trigger language plpgsql as $$
      begin
        ${sql.raw(bump("titles", "0"))}
        return null;
      end $$`.execute(db);
    await sql`create trigger movies_title_versions after update of title or delete on movies
      for each row execute function movies_title_versions()`.execute(db);
    return;
  }
  for (const [table, events, members] of WATCHED) {
    for (const event of events.split(" or ")) {
      const rows: Array<"new" | "old"> = event === "insert" ? ["new"] : event === "delete" ? ["old"] : ["old", "new"];
      const body = rows.flatMap((row) => members.map((m) => bump("inbox", m.replaceAll("r.", `${row}.`)))).join("\n");
      await sql`create trigger ${sql.id(`${table}_inbox_versions_${event}`)} after ${sql.raw(event)}
        on ${sql.table(table)} begin ${sql.raw(body)} end`.execute(db);
    }
  }
  for (const event of ["update of title", "delete"]) {
    await sql`create trigger ${sql.id(`movies_title_versions_${event.split(" ")[0]}`)} after ${sql.raw(event)}
      on movies begin ${sql.raw(bump("titles", "0"))} end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const [table] of [...WATCHED, ["movies"]]) {
      const name = table === "movies" ? "movies_title_versions" : `${table}_inbox_versions`;
      await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table!)}`.execute(db);
      await sql`drop function if exists ${sql.id(name)}()`.execute(db);
    }
  } else {
    for (const [table, events] of WATCHED) {
      for (const event of events.split(" or ")) {
        await sql`drop trigger if exists ${sql.id(`${table}_inbox_versions_${event}`)}`.execute(db);
      }
    }
    await sql`drop trigger if exists movies_title_versions_update`.execute(db);
    await sql`drop trigger if exists movies_title_versions_delete`.execute(db);
  }
  await sql`delete from review_list_versions where scope in ('inbox', 'titles')`.execute(db);
}
