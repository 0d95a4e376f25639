import { desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";

/**
 * The latest stored e-mails, newest first (development outbox). With `to`, only the mail addressed to
 * that address (case-insensitive); `to: null` means the whole outbox, which only DEV_OUTBOX=1 allows.
 */
export async function listOutbox(to: string | null, limit = 50) {
  const db = await getDb();
  const query = db.select().from(emailOutbox);
  const scoped = to === null ? query : query.where(eq(sql`lower(${emailOutbox.to})`, to.toLowerCase()));
  return scoped.orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
