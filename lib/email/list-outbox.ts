import { desc } from "drizzle-orm";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";

/** The latest stored e-mails, newest first (development outbox). */
export async function listOutbox(limit = 50) {
  const db = await getDb();
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
