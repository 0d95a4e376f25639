import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { plans } from "@/db/schema";
import { presentPlan } from "./present-plan";

export async function listPlans() {
  const db = await getDb();
  const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder));
  return rows.map(presentPlan);
}
