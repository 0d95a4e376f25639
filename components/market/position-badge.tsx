import { Badge, type BadgeTone } from "@/components/ui/badge";
import { POSITION_LABELS, type TPosition } from "@/lib/insights/schemas";

const TONES: Record<TPosition, BadgeTone> = {
  cheapest: "success",
  aligned: "brand",
  dearer: "danger",
  no_market: "neutral",
};

export function PositionBadge({ position }: { position: TPosition }) {
  return <Badge tone={TONES[position]}>{POSITION_LABELS[position]}</Badge>;
}
