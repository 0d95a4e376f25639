import type { DbLike } from "@/db";
import type { TRACKING_FREQUENCIES } from "@/db/schema";
import { getWorkspacePlan } from "@/lib/billing";
import { AppError } from "@/lib/errors/app-error";

type TFrequency = (typeof TRACKING_FREQUENCIES)[number];

const HOUR = 3_600_000;
const PERIOD_MS: Record<TFrequency, number> = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR };

/** A URL feed's next fetch after `from`; an hourly feed needs a plan with automation (as an hourly URL does). */
export async function nextFeedRun(workspaceId: string, frequency: TFrequency, from = new Date(), db?: DbLike) {
  const plan = await getWorkspacePlan(workspaceId, db);
  if (frequency === "hourly" && !plan.hasAutomation) throw new AppError("hourly_not_allowed");
  return new Date(from.getTime() + PERIOD_MS[frequency]);
}
