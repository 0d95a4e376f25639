import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AuthCard, linkClass } from "@/components/auth/auth-card";
import { RegisterForm } from "@/components/auth/register-form";
import { LoadingBlock } from "@/components/ui/spinner";
import { redirectSignedIn } from "@/lib/auth/redirect-signed-in";

export const metadata: Metadata = { title: "Inscription" };

export default async function RegisterPage() {
  await redirectSignedIn();
  return (
    <AuthCard
      title="Inscription"
      subtitle="Créez votre compte et commencez à suivre les prix en quelques minutes."
      footer={
        <>
          Déjà un compte ?{" "}
          <Link href="/login" className={linkClass}>
            Connexion
          </Link>
        </>
      }
    >
      <Suspense fallback={<LoadingBlock />}>
        <RegisterForm />
      </Suspense>
    </AuthCard>
  );
}
