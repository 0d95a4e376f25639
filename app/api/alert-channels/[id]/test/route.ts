// POST /api/alert-channels/{id}/test – send a test message to the channel now and return its log line
import { sendChannelTest } from "@/lib/alerts/channels/send-channel-test";
import { ZAlertChannelParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ params: ZAlertChannelParams }, async ({ user, params }) =>
  sendChannelTest(user.workspaceId, params.id!),
);
