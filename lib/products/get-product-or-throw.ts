import { and, eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { products } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/** The owner's product row (id checked by the route, lib/http/path-params.ts); missing and foreign are one 404. */
export async function getProductOrThrow(workspaceId: string, productId: string, db?: DbLike) {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.workspaceId, workspaceId)))
    .limit(1);
  if (!row) throw new AppError("product_not_found");
  return row;
}
