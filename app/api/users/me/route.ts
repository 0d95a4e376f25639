// GET /api/users/me – profile; PUT /api/users/me – update first name, last name, e-mail
import { presentProfile } from "@/lib/auth/present-user";
import { ZUpdateProfile } from "@/lib/auth/schemas";
import { updateProfile } from "@/lib/auth/update-profile";
import { withAuth } from "@/lib/http/with-auth";

export const GET = withAuth({ scope: "account" }, async ({ user }) => presentProfile(user));

export const PUT = withAuth({ body: ZUpdateProfile, scope: "account" }, async ({ user, body }) => {
  const updated = await updateProfile(user.id, body);
  return { ...presentProfile(updated), message: "Profil mis à jour avec succès" };
});
