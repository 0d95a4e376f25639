// GET /api/alert-channels/{id}/deliveries – the channel's delivery log, newest first
import { listChannelDeliveries } from "@/lib/alerts/channels/list-channel-deliveries";
import { ZChannelDeliveriesQuery } from "@/lib/alerts/channels/schemas";
import { ZAlertChannelParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth(
  { params: ZAlertChannelParams, query: ZChannelDeliveriesQuery },
  async ({ user, params, query }) => listChannelDeliveries(user.workspaceId, params.id!, query.limit),
);
