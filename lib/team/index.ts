// The public face of lib/team (members and invitations of a workspace): other code imports from here (DESIGN §10).
export { acceptInvitation, previewInvitation } from "./accept-invitation";
export { inviteMember } from "./invite-member";
export { listTeam } from "./list-team";
export { resendInvitation, revokeInvitation } from "./manage-invitation";
export { registerWithInvitation } from "./register-with-invitation";
export { changeMemberRole, removeMember } from "./update-membership";
