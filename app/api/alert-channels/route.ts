// GET /api/alert-channels – the user's alert channels; POST /api/alert-channels – add one (plans with alerts)
import { createAlertChannel } from "@/lib/alerts/channels/create-alert-channel";
import { listAlertChannels } from "@/lib/alerts/channels/list-alert-channels";
import { ZCreateAlertChannel } from "@/lib/alerts/channels/schemas";
import { json } from "@/lib/http/json";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => listAlertChannels(user.workspaceId));

export const POST = withAuth({ body: ZCreateAlertChannel }, async ({ user, body }) =>
  json(await createAlertChannel(user.workspaceId, body), 201),
);
