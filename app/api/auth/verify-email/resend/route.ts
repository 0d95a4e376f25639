// POST /api/auth/verify-email/resend – a new verification link to the signed-in user's address (rate limited)
import { resendEmailVerification } from "@/lib/auth/resend-email-verification";
import { withAuth } from "@/lib/http/with-auth";

export const POST = withAuth({ scope: "account" }, async ({ user }) => resendEmailVerification(user.id));
