import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";

/**
 * Deletes audit events older than their workspace's plan retention (plans.audit_retention_days; a workspace
 * without a live subscription keeps Freemium's). Idempotent.
 */
export async function purgeAuditEvents(options: { db?: DbLike } = {}): Promise<{ events: number }> {
  const db = options.db ?? (await getDb());
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with retention as (
          select w.id as workspace_id,
            case when s.id is not null and s.status not in ('canceled', 'incomplete', 'unpaid')
              then p.audit_retention_days
              else (select f.audit_retention_days from plans f where f.code = 'freemium') end as days
          from workspaces w
          left join subscriptions s on s.workspace_id = w.id
          left join plans p on p.id = s.plan_id
        )
        delete from audit_events a
        using retention r
        where a.workspace_id = r.workspace_id and r.days is not null
          and a.created_at < now() - make_interval(days => r.days)
        returning a.id`,
  );
  return { events: rows.length };
}
