import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, linkClass } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/alert";
import { INVALID_VERIFY_LINK, verifyEmail } from "@/lib/auth/verify-email";
import { ApiError } from "@/lib/http/api-error";

export const metadata: Metadata = { title: "Vérification de l'adresse email", robots: { index: false } };

/** The link of the verification e-mail lands here: the token is spent at once (single use) and the answer said. */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  let outcome: { ok: true; text: string } | { ok: false; text: string };
  try {
    outcome = { ok: true, text: (await verifyEmail(typeof token === "string" ? token : null)).message };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    outcome = { ok: false, text: INVALID_VERIFY_LINK };
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
