import { and, eq } from "drizzle-orm";
import { getDb, type DbLike, type TRowLock } from "@/db";
import { productUrls } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";

/**
 * The owner's tracked URL row; with `productId`, it must also belong to that product.
 * Ids are checked by the route (lib/http/path-params.ts); missing and foreign ids are the same 404.
 * With `lock` (inside a transaction), the row stays until it commits: a concurrent delete waits.
 */
export async function getProductUrlOrThrow(
  workspaceId: string,
  urlId: string,
  { productId, db, lock }: { productId?: string; db?: DbLike; lock?: TRowLock } = {},
) {
  const conn = db ?? (await getDb());
  const query = conn
    .select()
    .from(productUrls)
    .where(
      and(
        eq(productUrls.id, urlId),
        eq(productUrls.workspaceId, workspaceId),
        productId !== undefined ? eq(productUrls.productId, productId) : undefined,
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw new AppError("url_not_found");
  return row;
}
