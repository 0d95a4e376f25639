// The monthly cap on paid fetching: a request reserves its expected credits first, through one conditional
// upsert that PostgreSQL serialises on the month's row, so concurrent requests cannot pass the cap together;
// once answered, the reservation is replaced by the credits the provider reported.
import { sql } from "drizzle-orm";
import { queryRows, type DbLike } from "@/db";

/** First day of the current month (UTC), as a date. */
export const currentMonth = (now = new Date()) => `${now.toISOString().slice(0, 7)}-01`;

/** The credits this shop's requests cost on average this month (1 when none yet). */
export async function expectedCredits(db: DbLike, workspaceId: string, host: string): Promise<number> {
  const [row] = await queryRows<{ avg: string | null }>(
    db,
    sql`SELECT CASE WHEN requests > 0 THEN credits / requests END AS avg FROM fetch_usage
        WHERE workspace_id = ${workspaceId} AND month = ${currentMonth()}::date AND host = ${host}`,
  );
  const avg = Number(row?.avg ?? 1);
  return avg > 0 ? avg : 1;
}

/** Reserves `credits` if the month's total stays within `cap`; false when the cap would be passed. */
export async function reserveCredits(db: DbLike, workspaceId: string, cap: number, credits: number): Promise<boolean> {
  const rows = await queryRows<{ reserved: string }>(
    db,
    sql`INSERT INTO fetch_budget (workspace_id, month, reserved)
        SELECT ${workspaceId}, ${currentMonth()}::date, ${credits}::numeric WHERE ${credits}::numeric <= ${cap}::numeric
        ON CONFLICT (workspace_id, month) DO UPDATE SET reserved = fetch_budget.reserved + EXCLUDED.reserved
        WHERE fetch_budget.reserved + EXCLUDED.reserved <= ${cap}::numeric
        RETURNING reserved`,
  );
  return rows.length > 0;
}

/** Replaces a reservation by what the provider charged, and counts the request for the shop when billed. */
export async function settleCredits(db: DbLike, workspaceId: string, host: string, reserved: number, charged: number) {
  const month = currentMonth();
  await db.execute(
    sql`UPDATE fetch_budget SET reserved = GREATEST(0, reserved + ${charged - reserved}::numeric)
        WHERE workspace_id = ${workspaceId} AND month = ${month}::date`,
  );
  if (charged <= 0) return;
  await db.execute(
    sql`INSERT INTO fetch_usage (workspace_id, month, host, requests, credits)
        VALUES (${workspaceId}, ${month}::date, ${host}, 1, ${charged}::numeric)
        ON CONFLICT (workspace_id, month, host) DO UPDATE
        SET requests = fetch_usage.requests + 1, credits = fetch_usage.credits + EXCLUDED.credits`,
  );
}

export type TMonthUsage = {
  month: string;
  requests: number;
  credits: number;
  shops: { host: string; requests: number; credits: number }[];
};

/** The month's paid requests of a workspace, by shop (most credits first). */
export async function getMonthUsage(db: DbLike, workspaceId: string): Promise<TMonthUsage> {
  const month = currentMonth();
  const rows = await queryRows<{ host: string; requests: number; credits: string }>(
    db,
    sql`SELECT host, requests, credits FROM fetch_usage WHERE workspace_id = ${workspaceId} AND month = ${month}::date
        ORDER BY credits DESC, host`,
  );
  const shops = rows.map((r) => ({ host: r.host, requests: Number(r.requests), credits: Number(r.credits) }));
  return {
    month,
    requests: shops.reduce((n, s) => n + s.requests, 0),
    credits: Math.round(shops.reduce((n, s) => n + s.credits, 0) * 100) / 100,
    shops,
  };
}
