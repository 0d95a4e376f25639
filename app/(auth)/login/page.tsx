import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { AuthCard, linkClass } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { LoadingBlock } from "@/components/ui/spinner";
import { redirectSignedIn } from "@/lib/auth/redirect-signed-in";

export const metadata: Metadata = { title: "Connexion" };

export default async function LoginPage() {
  await redirectSignedIn();
  return (
    <AuthCard
      title="Connexion"
      subtitle="Accédez à votre espace de veille tarifaire."
      footer={
        <>
          Pas encore de compte ?{" "}
          <Link href="/register" className={linkClass}>
            Inscription
          </Link>
        </>
      }
    >
      <Suspense fallback={<LoadingBlock />}>
        <LoginForm />
      </Suspense>
    </AuthCard>
  );
}
