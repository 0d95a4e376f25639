import Link from "next/link";
import { loadPublicPlans } from "@/components/marketing/load-plans";
import { pageMetadata } from "@/components/marketing/page-metadata";
import { PlanAction, PlanViewerProvider } from "@/components/marketing/plan-action";
import { PlanCards } from "@/components/marketing/plan-cards";
import { PlanComparison } from "@/components/marketing/plan-comparison";
import { SectionHeading } from "@/components/marketing/section-heading";

// ISR: the plans come from the database; the subscribe buttons adapt to the visitor in the browser.
export const revalidate = 3600;

export const metadata = pageMetadata({
  title: "Tarifs",
  description:
    "Comparez les plans VeillePrix : Freemium gratuit, Professionnel et Entreprise. Produits suivis, URLs par " +
    "produit, historique, automatisation et alertes par email. Prix mensuels HT, sans engagement.",
  path: "/pricing",
});

export default async function PricingPage() {
  const plans = await loadPublicPlans();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading
        as="h1"
        eyebrow="Tarifs"
        title="Des plans simples, sans engagement"
        lead="Démarrez gratuitement et changez de plan à tout moment. Tous les prix sont mensuels et hors taxes."
      />
      <PlanViewerProvider>
        <div className="mt-14">
          <PlanCards
            plans={plans}
            headingLevel="h2"
            renderAction={(plan, recommended) => (
              <PlanAction planId={plan.id} planName={plan.name} primary={recommended} />
            )}
          />
        </div>
      </PlanViewerProvider>

      <section aria-labelledby="comparatif" className="mt-20">
        <h2 id="comparatif" className="text-2xl font-semibold tracking-tight text-zinc-900">
          Comparatif détaillé
        </h2>
        <p className="mt-2 text-zinc-600">Toutes les limites de chaque plan, ligne par ligne.</p>
        <div className="mt-8">
          <PlanComparison plans={plans} />
        </div>
      </section>

      <section className="mt-16 grid gap-6 rounded-2xl bg-white p-6 ring-1 ring-zinc-200 sm:p-8 md:grid-cols-3">
        <div>
          <h2 className="font-semibold text-zinc-900">Paiement sécurisé</h2>
          <p className="mt-2 text-sm leading-relaxed text-zinc-600">
            Paiement mensuel par carte bancaire via notre prestataire certifié PCI-DSS. Une facture est disponible
            chaque mois dans votre tableau de bord.
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-zinc-900">Sans engagement</h2>
          <p className="mt-2 text-sm leading-relaxed text-zinc-600">
            Changez de plan ou résiliez quand vous le souhaitez ; la résiliation prend effet à la fin de la période en
            cours.
          </p>
        </div>
        <div>
          <h2 className="font-semibold text-zinc-900">Un besoin particulier ?</h2>
          <p className="mt-2 text-sm leading-relaxed text-zinc-600">
            Volumes importants, intégration par API ou facturation annuelle :{" "}
            <Link href="/contact" className="font-medium text-brand-700 hover:underline">
              contactez-nous
            </Link>
            .
          </p>
        </div>
      </section>
    </div>
  );
}
