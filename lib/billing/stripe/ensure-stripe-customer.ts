import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { users, workspaceMembers, workspaces } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { requireStripe } from "./stripe-client";
import { withStripeErrors } from "./with-stripe-errors";

/**
 * The workspace's Stripe customer id, created once (billed to the owner asking, named after the workspace): the
 * workspace row is locked while the customer is created and the creation carries an idempotency key, so
 * concurrent requests (or a retry after a lost commit) share one customer.
 */
export async function ensureStripeCustomer(workspaceId: string, ownerId: string): Promise<string> {
  const db = await getDb();
  const [known] = await db
    .select({ id: workspaces.stripeCustomerId })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (known?.id) return known.id;
  const stripe = requireStripe();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: workspaces.name, customerId: workspaces.stripeCustomerId })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for("update");
    if (!row) throw new AppError("not_found");
    if (row.customerId) return row.customerId;
    const [owner] = await tx
      .select({ email: users.email })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, ownerId)))
      .limit(1);
    if (!owner) throw new AppError("not_found");
    const customer = await withStripeErrors(() =>
      stripe.customers.create(
        {
          email: owner.email,
          name: row.name || undefined,
          preferred_locales: ["fr"],
          metadata: { workspace_id: workspaceId },
        },
        { idempotencyKey: `veilleprix-customer-${workspaceId}` },
      ),
    );
    await tx
      .update(workspaces)
      .set({ stripeCustomerId: customer.id, updatedAt: sql`now()` })
      .where(eq(workspaces.id, workspaceId));
    return customer.id;
  });
}
