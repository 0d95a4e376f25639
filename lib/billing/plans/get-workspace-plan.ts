import { eq } from "drizzle-orm";
import { getDb, type DbLike } from "@/db";
import { plans, subscriptions } from "@/db/schema";
import { memoized } from "@/lib/core/request-memo";

type TPlan = typeof plans.$inferSelect;
type TSubscription = typeof subscriptions.$inferSelect;

const memoKey = (workspaceId: string) => `plan:${workspaceId}`;

/** The plan a subscription row grants (null: none, Freemium applies). */
export function planOfSubscription(row: { plan: TPlan | null; sub: TSubscription | null } | undefined): TPlan | null {
  if (!row?.plan || !row.sub) return null;
  // a cancelled demo subscription whose period is over no longer grants its plan
  const demoOver =
    row.sub.provider === "demo" &&
    row.sub.cancelAtPeriodEnd &&
    row.sub.currentPeriodEnd !== null &&
    row.sub.currentPeriodEnd <= new Date();
  const lapsed = row.sub.status === "canceled" || row.sub.status === "incomplete" || row.sub.status === "unpaid";
  return demoOver || lapsed ? null : row.plan;
}

async function freemiumPlan(conn: DbLike): Promise<TPlan> {
  const [freemium] = await conn.select().from(plans).where(eq(plans.code, "freemium")).limit(1);
  if (!freemium) throw new Error("Plan Freemium absent : la base n'a pas été initialisée");
  return freemium;
}

/**
 * The plan of a workspace whose subscription row was read with another query (authentication joins it): the
 * request's later getWorkspacePlan calls reuse it.
 */
export function rememberWorkspacePlan(
  workspaceId: string,
  row: { plan: TPlan | null; sub: TSubscription | null } | undefined,
  db: DbLike,
): Promise<TPlan> {
  return memoized(memoKey(workspaceId), async () => planOfSubscription(row) ?? freemiumPlan(db));
}

/**
 * The plan whose limits apply to a workspace: the subscribed plan while active, else Freemium. Read once per
 * read-only request (lib/core/request-memo.ts); always afresh inside a transaction.
 */
export async function getWorkspacePlan(workspaceId: string, db?: DbLike): Promise<TPlan> {
  const root = await getDb();
  const conn = db ?? root;
  const load = async () => {
    const [row] = await conn
      .select({ plan: plans, sub: subscriptions })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(eq(subscriptions.workspaceId, workspaceId))
      .limit(1);
    return planOfSubscription(row) ?? freemiumPlan(conn);
  };
  return conn === root ? memoized(memoKey(workspaceId), load) : load();
}
