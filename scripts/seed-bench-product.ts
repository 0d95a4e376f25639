// A user and one product for the benchmarks that scrape through the real pipeline.
import type { Db } from "@/db";
import { products, users } from "@/db/schema";
import { createWorkspace } from "@/lib/workspaces";

export async function seedBenchProduct(db: Db) {
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@exemple.fr`, passwordHash: "x", firstName: "Banc" })
    .returning();
  await createWorkspace(db, { ownerId: user!.id, name: "Banc", id: user!.id });
  const [product] = await db.insert(products).values({ workspaceId: user!.id, name: "Banc d'essai" }).returning();
  return { user: user!, product: product! };
}
