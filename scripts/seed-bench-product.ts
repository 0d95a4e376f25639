// A user and one product for the benchmarks that scrape through the real pipeline.
import type { Db } from "@/db";
import { products, users } from "@/db/schema";

export async function seedBenchProduct(db: Db) {
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${Date.now()}@exemple.fr`, passwordHash: "x", firstName: "Banc" })
    .returning();
  const [product] = await db.insert(products).values({ userId: user!.id, name: "Banc d'essai" }).returning();
  return { user: user!, product: product! };
}
