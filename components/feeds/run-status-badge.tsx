import { Badge, type BadgeTone } from "@/components/ui/badge";

const LABELS: Record<string, [string, BadgeTone]> = {
  pending: ["En attente", "neutral"],
  running: ["En cours", "brand"],
  done: ["Terminé", "success"],
  failed: ["Échec", "danger"],
};

export function RunStatusBadge({ status }: { status: string }) {
  const [label, tone] = LABELS[status] ?? [status, "neutral"];
  return <Badge tone={tone}>{label}</Badge>;
}
