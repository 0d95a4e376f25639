import { purgeAuditEvents } from "@/lib/audit";
import { defineJob } from "@/lib/jobs";

// Daily: delete audit events beyond each workspace's plan retention.
export const purgeAuditEventsJob = defineJob({
  id: "purge-audit-events",
  name: "Purger le journal d'activité expiré",
  trigger: { daily: { hour: 3, minute: 45 } },
  handler: (_payload, io) => io.step("purge", () => purgeAuditEvents()),
});
