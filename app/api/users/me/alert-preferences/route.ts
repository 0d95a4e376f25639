// GET /api/users/me/alert-preferences – instant or digest; PUT /api/users/me/alert-preferences – change it
import { getAlertPreferences } from "@/lib/alerts";
import { ZAlertPreferences } from "@/lib/alerts/schemas";
import { updateAlertPreferences } from "@/lib/alerts";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({}, async ({ user }) => getAlertPreferences(user));

export const PUT = withAuth({ body: ZAlertPreferences, role: "reader" }, async ({ user, body }) =>
  updateAlertPreferences(user, body),
);
