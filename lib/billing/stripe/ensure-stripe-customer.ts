import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

/**
 * The user's Stripe customer id, created once: the user row is locked while the customer is created and
 * the creation carries an idempotency key, so concurrent requests (or a retry after a lost commit) share one customer.
 */
export async function ensureStripeCustomer(userId: string): Promise<string> {
  const db = await getDb();
  const [known] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).limit(1);
  if (known?.id) return known.id;
  const stripe = requireStripe();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        customerId: users.stripeCustomerId,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!row) throw new AppError("not_found");
    if (row.customerId) return row.customerId;
    const name = `${row.firstName} ${row.lastName}`.trim();
    const customer = await withStripeErrors(() =>
      stripe.customers.create(
        { email: row.email, name: name || undefined, preferred_locales: ["fr"], metadata: { user_id: userId } },
        { idempotencyKey: `veilleprix-customer-${userId}` },
      ),
    );
    await tx.update(users).set({ stripeCustomerId: customer.id, updatedAt: sql`now()` }).where(eq(users.id, userId));
    return customer.id;
  });
}
