import { FlagsList } from "@/components/insights/flags-list";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

/** The promotion checks of the whole catalogue in the market view (issue 17 point 4, lib/flags/). */
export function PromotionFlagsSlot() {
  return (
    <Card>
      <CardHeader
        title="Contrôles de promotion"
        description="Promotions suspectes (prix barré supérieur au plus bas des 30 jours avant la réduction) et surveillance du prix minimum annoncé."
      />
      <CardBody>
        <FlagsList />
      </CardBody>
    </Card>
  );
}
