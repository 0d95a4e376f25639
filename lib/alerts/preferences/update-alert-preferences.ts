import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import type { TAuthUser } from "@/lib/auth/resolve-user";
import { getAlertPreferences } from "./get-alert-preferences";
import type { TAlertPreferences } from "@/lib/alerts/schemas";

/** Instant e-mails or one daily digest; alerts already waiting for a digest still go out in it. */
export async function updateAlertPreferences(user: Pick<TAuthUser, "id" | "workspaceId">, input: TAlertPreferences) {
  const db = await getDb();
  await db.update(users).set({ alertMode: input.alert_mode, updatedAt: sql`now()` }).where(eq(users.id, user.id));
  return { ...(await getAlertPreferences(user)), message: "Préférences d'alerte enregistrées" };
}
