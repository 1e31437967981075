// SQL for links between members and their social-provider accounts.
import type { Kysely } from "kysely";
import type { Database } from "../../db/types.js";

type Db = Kysely<Database>;

export async function findLinkedUserId(db: Db, provider: string, providerUserId: string): Promise<number | null> {
  const row = await db
    .selectFrom("social_accounts")
    .select("user_id")
    .where("provider", "=", provider)
    .where("provider_user_id", "=", providerUserId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function insertLink(
  db: Db,
  link: { user_id: number; provider: string; provider_user_id: string; created_at: string },
) {
  await db.insertInto("social_accounts").values(link).execute();
}
