import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { getAlertPreferences } from "./get-alert-preferences";
import type { TAlertPreferences } from "@/lib/alerts/schemas";

/** Instant e-mails or one daily digest; alerts already waiting for a digest still go out in it. */
export async function updateAlertPreferences(userId: string, input: TAlertPreferences) {
  const db = await getDb();
  await db.update(users).set({ alertMode: input.alert_mode, updatedAt: sql`now()` }).where(eq(users.id, userId));
  return { ...(await getAlertPreferences(userId)), message: "Préférences d'alerte enregistrées" };
}
