import { type SQL, sql } from "drizzle-orm";

/**
 * Each workspace's retention in days under the plan in force (null = unlimited), as a select of
 * (workspace_id, days): a workspace without a live subscription keeps Freemium's, as getWorkspacePlan decides.
 */
export function retentionByWorkspace(column: "history_retention_days" | "audit_retention_days"): SQL {
  const days = sql.raw(column);
  return sql`
    select w.id as workspace_id,
      case when s.id is not null and s.status not in ('canceled', 'incomplete', 'unpaid')
        then p.${days}
        else (select f.${days} from plans f where f.code = 'freemium') end as days
    from workspaces w
    left join subscriptions s on s.workspace_id = w.id
    left join plans p on p.id = s.plan_id`;
}
