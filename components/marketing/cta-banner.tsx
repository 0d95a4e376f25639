import { cn } from "@/lib/cn";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export function CtaBanner() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
      <div className="relative overflow-hidden rounded-3xl bg-brand-700 px-6 py-14 text-center sm:px-12">
        <div
          aria-hidden="true"
          className={cn(
            "pointer-events-none absolute inset-0",
            "bg-[radial-gradient(40rem_20rem_at_50%_-20%,var(--color-brand-500),transparent_70%)]",
          )}
        />
        <div className="relative">
          <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">
            Votre première veille tarifaire en deux minutes
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
            Créez un compte gratuit, ajoutez un produit et ses URLs : les premiers prix arrivent aussitôt.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link href="/register" className={buttonClasses("secondary", "lg", "border-transparent")}>
              Créer mon compte gratuit
            </Link>
            <Link
              href="/contact"
              className={cn(
                "inline-flex h-12 items-center justify-center rounded-lg px-6 text-base font-medium text-white",
                "ring-1 ring-white/40 transition-colors ring-inset hover:bg-white/10 focus-visible:outline-2",
                "focus-visible:outline-offset-2 focus-visible:outline-white",
              )}
            >
              Parler à notre équipe
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
