import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbLike } from "@/db";
import { retentionByWorkspace } from "@/lib/billing";
import { defineJob } from "@/lib/jobs";

/**
 * Deletes audit events older than their workspace's plan retention (plans.audit_retention_days; a workspace
 * without a live subscription keeps Freemium's). Idempotent.
 */
export async function purgeAuditEvents(options: { db?: DbLike } = {}): Promise<{ events: number }> {
  const db = options.db ?? (await getDb());
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with retention as (${retentionByWorkspace("audit_retention_days")})
        delete from audit_events a
        using retention r
        where a.workspace_id = r.workspace_id and r.days is not null
          and a.created_at < now() - make_interval(days => r.days)
        returning a.id`,
  );
  return { events: rows.length };
}

// Daily: delete audit events beyond each workspace's plan retention.
export const purgeAuditEventsJob = defineJob({
  id: "purge-audit-events",
  name: "Purger le journal d'activité expiré",
  trigger: { daily: { hour: 3, minute: 45 } },
  handler: (_payload, io) => io.step("purge", () => purgeAuditEvents()),
});
