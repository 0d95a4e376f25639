import { cn } from "@/lib/cn";
import { Icon, type IconName } from "./icons";
import { SectionHeading } from "./section-heading";

const CASES: { icon: IconName; who: string; title: string; points: string[] }[] = [
  {
    icon: "factory",
    who: "Fabricants",
    title: "Faites respecter votre politique de prix",
    points: [
      "Repérez les revendeurs qui vendent sous le prix de vente conseillé",
      "Suivez l'image prix de votre marque sur les places de marché",
      "Appuyez vos échanges commerciaux sur un historique daté",
    ],
  },
  {
    icon: "truck",
    who: "Distributeurs",
    title: "Restez compétitifs sur tout votre catalogue",
    points: [
      "Comparez vos prix à ceux de vos concurrents, produit par produit",
      "Détectez les ruptures de stock chez les autres marchands",
      "Ajustez vos marges avec des données à jour",
    ],
  },
  {
    icon: "cart",
    who: "E-commerce",
    title: "Réagissez avant vos clients",
    points: [
      "Soyez alerté dès qu'un concurrent baisse son prix",
      "Préparez vos promotions à partir des tendances observées",
      "Exportez les relevés vers vos outils de tarification",
    ],
  },
];

export function UseCases() {
  return (
    <section aria-labelledby="cas-usage" className="border-y border-zinc-200/70 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
        <SectionHeading
          id="cas-usage"
          eyebrow="Cas d'usage"
          title="Pensé pour ceux qui vivent du prix juste"
          lead="Fabricants, distributeurs ou e-commerçants : chacun y trouve une réponse à sa question du jour."
        />
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {CASES.map((c) => (
            <li key={c.who} className="flex flex-col rounded-2xl bg-zinc-50 p-6 ring-1 ring-zinc-200/70">
              <div className="flex items-center gap-3">
                <span
                  className={cn(
                    "flex size-10 items-center justify-center rounded-lg bg-white text-brand-700 shadow-xs ring-1",
                    "ring-zinc-200",
                  )}
                >
                  <Icon name={c.icon} className="size-5" />
                </span>
                <h3 className="text-lg font-semibold text-zinc-900">{c.who}</h3>
              </div>
              <p className="mt-4 font-medium text-zinc-800">{c.title}</p>
              <ul className="mt-3 space-y-2.5 text-sm text-zinc-600">
                {c.points.map((p) => (
                  <li key={p} className="flex gap-2.5">
                    <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-600" />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
