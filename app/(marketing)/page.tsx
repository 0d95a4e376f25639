import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { CtaBanner } from "@/components/marketing/cta-banner";
import { DemoVideo } from "@/components/marketing/demo-video";
import { Faq } from "@/components/marketing/faq";
import { buildFaq } from "@/components/marketing/faq-items";
import { Features } from "@/components/marketing/features";
import { Hero } from "@/components/marketing/hero";
import { loadPublicPlans, type TPublicPlan } from "@/components/marketing/load-plans";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { PlanCards } from "@/components/marketing/plan-cards";
import { SectionHeading } from "@/components/marketing/section-heading";
import { UseCases } from "@/components/marketing/use-cases";

// ISR: the plans come from the database, refreshed at most once an hour.
export const revalidate = 3600;

export const metadata = pageMetadata({
  title: "VeillePrix – Veille tarifaire et suivi des prix concurrents",
  description:
    "Surveillez automatiquement les prix de vos concurrents et revendeurs : relevés quotidiens ou horaires, " +
    "historique des variations, alertes par email et exports CSV. Offre gratuite sans carte bancaire.",
  path: "/",
});

function registerHref(plan: TPublicPlan) {
  return plan.id === null ? "/register" : `/register?plan=${plan.id}`;
}

export default async function HomePage() {
  const plans = await loadPublicPlans();
  return (
    <>
      <Hero />
      <Features />
      <section aria-labelledby="tarifs" className="border-t border-zinc-200/70 bg-zinc-100/50">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
          <SectionHeading
            id="tarifs"
            eyebrow="Tarifs"
            title="Un plan pour chaque besoin"
            lead="Commencez gratuitement, passez à la vitesse supérieure quand votre veille grandit. Plans mensuels, sans engagement."
          />
          <div className="mt-14">
            <PlanCards
              plans={plans}
              renderAction={(plan, recommended) => (
                <Link
                  href={registerHref(plan)}
                  className={buttonClasses(recommended ? "primary" : "secondary", "md", "w-full")}
                >
                  {plan.type === "freemium" ? "Commencer gratuitement" : "Choisir ce plan"}
                </Link>
              )}
            />
          </div>
          <p className="mt-10 text-center text-sm text-zinc-600">
            Prix hors taxes, facturés chaque mois.{" "}
            <Link href="/pricing" className="font-medium text-brand-700 hover:underline">
              Comparer les plans en détail
            </Link>
          </p>
        </div>
      </section>
      <UseCases />
      <DemoVideo />
      <Faq items={buildFaq(plans)} />
      <CtaBanner />
    </>
  );
}
