import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page introuvable" };

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="num text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">Page introuvable</h1>
      <p className="mt-4 text-zinc-600">La page que vous recherchez n&apos;existe pas ou a été déplacée.</p>
      <Link href="/" className={buttonClasses("primary", "md", "mt-8")}>
        Retour à l&apos;accueil
      </Link>
    </section>
  );
}
