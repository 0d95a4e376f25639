import { and, desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { alertEvents } from "@/db/schema";
import { getProductOrThrow } from "@/lib/products";
import { presentAlertEvent } from "./present-alert-event";

/** The latest recorded alerts of one of the user's products, newest first. */
export async function listAlertEvents(workspaceId: string, productId: string, limit = 20) {
  const db = await getDb();
  const product = await getProductOrThrow(workspaceId, productId, db);
  const rows = await db
    .select()
    .from(alertEvents)
    .where(and(eq(alertEvents.productId, product.id), eq(alertEvents.workspaceId, workspaceId)))
    .orderBy(desc(alertEvents.createdAt), desc(alertEvents.id))
    .limit(limit);
  return rows.map(presentAlertEvent);
}
