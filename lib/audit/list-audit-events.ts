import { desc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { auditEvents, users } from "@/db/schema";
import { createCsvStream, type TCell } from "@/lib/exports";
import type { TCsvDialect } from "@/lib/exports/schemas";

export const AUDIT_PAGE_SIZE = 50;

const columns = {
  id: auditEvents.id,
  created_at: auditEvents.createdAt,
  action: auditEvents.action,
  target_type: auditEvents.targetType,
  target_id: auditEvents.targetId,
  summary: auditEvents.summary,
  ip: auditEvents.ip,
  user_agent: auditEvents.userAgent,
  actor_email: users.email,
};

/** One page of a workspace's audit log, newest first (index audit_events_workspace_created_idx). */
export async function listAuditEvents(workspaceId: string, page: number) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(eq(auditEvents.workspaceId, workspaceId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { page, has_more: rows.length > AUDIT_PAGE_SIZE, events: rows.slice(0, AUDIT_PAGE_SIZE) };
}

/** The whole log as CSV, read in pages of 500 (memory stays flat). */
export function auditCsvStream(workspaceId: string, dialect: TCsvDialect) {
  async function* rows(): AsyncIterable<TCell[]> {
    const db = await getDb();
    // offset pages over a stable order (created_at, id): timestamps in JS lose PostgreSQL's microseconds
    for (let offset = 0; ; offset += 500) {
      const batch = await db
        .select(columns)
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(eq(auditEvents.workspaceId, workspaceId))
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(500)
        .offset(offset);
      for (const e of batch) {
        yield [
          { kind: "date", value: e.created_at },
          { kind: "text", value: e.actor_email ?? "système" },
          { kind: "text", value: e.action },
          { kind: "text", value: e.target_type },
          { kind: "text", value: e.target_id },
          { kind: "text", value: JSON.stringify(e.summary) },
          { kind: "text", value: e.ip },
          { kind: "text", value: e.user_agent },
        ];
      }
      if (batch.length < 500) return;
    }
  }
  const header = ["Date", "Auteur", "Action", "Objet", "Identifiant", "Détail", "Adresse IP", "Navigateur"];
  return createCsvStream(header, rows(), dialect);
}
