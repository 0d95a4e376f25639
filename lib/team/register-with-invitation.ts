import { registerUser } from "@/lib/auth";
import { acceptInvitation, previewInvitation } from "./accept-invitation";
import { ZInvitationRegister, type TInvitationRegister } from "./schemas";

/**
 * Accepting without an account: the account is created for the invited address (never a typed one), with its
 * own workspace like any registration, then joins the inviting workspace, which its next sign-in opens.
 */
export async function registerWithInvitation(input: TInvitationRegister) {
  const data = ZInvitationRegister.parse(input);
  const { email } = await previewInvitation(data.token);
  const user = await registerUser({
    email,
    first_name: data.first_name,
    last_name: data.last_name,
    password: data.password,
  });
  const joined = await acceptInvitation(user, data.token);
  return { id: user.id, email, ...joined };
}
