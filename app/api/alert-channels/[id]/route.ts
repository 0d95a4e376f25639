// DELETE /api/alert-channels/{id} – delete one of the user's alert channels
import { deleteAlertChannel } from "@/lib/alerts/channels/delete-alert-channel";
import { ZAlertChannelParams } from "@/lib/http/path-params";
import { withAuth } from "@/lib/http/with-auth";

export const DELETE = withAuth({ params: ZAlertChannelParams }, async ({ user, params }) =>
  deleteAlertChannel(user.workspaceId, params.id!),
);
