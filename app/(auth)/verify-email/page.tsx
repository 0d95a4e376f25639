import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, linkClass } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { getPageUser } from "@/lib/auth/get-page-user";
import { ALREADY_VERIFIED, verifyEmail } from "@/lib/auth/verify-email";
import { errorDetail } from "@/lib/http/error-table";
import { AppError } from "@/lib/errors/app-error";

export const metadata: Metadata = { title: "Vérification de l'adresse email", robots: { index: false } };

/** The link of the verification e-mail lands here: the token is spent at once (single use) and the answer said. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  let outcome: { ok: true; text: string } | { ok: false; text: string };
  try {
    outcome = { ok: true, text: (await verifyEmail(typeof token === "string" ? token : null)).message };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // a spent link opened again by its signed-in, verified owner is no error for them
    const user = await getPageUser();
    outcome = user?.emailVerified
      ? { ok: true, text: ALREADY_VERIFIED }
      : { ok: false, text: errorDetail("invalid_verification_token") };
  }
  return (
    <AuthCard
      title="Vérification de l'adresse email"
      footer={
        <Link href="/dashboard" className={linkClass}>
          Aller au tableau de bord
        </Link>
      }
    >
      <Alert tone={outcome.ok ? "success" : "error"}>{outcome.text}</Alert>
    </AuthCard>
  );
}
