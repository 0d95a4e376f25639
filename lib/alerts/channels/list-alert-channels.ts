import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertChannels } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { presentAlertChannel } from "./present-alert-channel";
import { REPLAY_WINDOW_SECONDS } from "./sign-webhook";

/** The user's channels, oldest first, and whether the plan allows them. */
export async function listAlertChannels(workspaceId: string) {
  const db = await getDb();
  const plan = await getWorkspacePlan(workspaceId, db);
  const rows = await db
    .select()
    .from(alertChannels)
    .where(eq(alertChannels.workspaceId, workspaceId))
    .orderBy(asc(alertChannels.createdAt), asc(alertChannels.id));
  return {
    can_create: plan.hasEmailAlerts,
    replay_window_seconds: REPLAY_WINDOW_SECONDS,
    channels: rows.map(presentAlertChannel),
  };
}
