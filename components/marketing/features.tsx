import { Icon, type IconName } from "./icons";
import { SectionHeading } from "./section-heading";

const FEATURES: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "refresh",
    title: "Relevés automatiques",
    text:
      "Chaque URL est analysée selon la fréquence choisie : toutes les heures, tous les jours ou toutes les " +
      "semaines. Plus besoin de visiter les sites un par un.",
  },
  {
    icon: "layers",
    title: "Plusieurs marchands par produit",
    text:
      "Rattachez à un même produit les pages de tous les sites qui le vendent et comparez leurs prix et leur " +
      "disponibilité d'un coup d'œil.",
  },
  {
    icon: "chart",
    title: "Historique et variations",
    text:
      "Chaque relevé est conservé avec sa date, son prix et sa disponibilité. Les hausses et les baisses sont " +
      "calculées pour vous, au centime près.",
  },
  {
    icon: "bell",
    title: "Alertes par email",
    text:
      "Soyez prévenu dès qu'un prix change ou sort de la fourchette minimum / maximum que vous avez fixée, par " +
      "exemple sous votre prix de vente conseillé.",
  },
  {
    icon: "download",
    title: "Exports CSV, Excel et API",
    text: "Téléchargez les derniers prix ou l'historique complet pour vos tableaux de bord, vos rapports ou vos outils de tarification.",
  },
  {
    icon: "shield",
    title: "Extraction fiable",
    text:
      "Données structurées, balises de la page, puis navigateur sans interface si nécessaire : le bon prix est " +
      "retenu, pas le prix barré ni les frais de port.",
  },
];

export function Features() {
  return (
    <section aria-labelledby="fonctionnalites" className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading
        id="fonctionnalites"
        eyebrow="Fonctionnalités"
        title="Toute votre veille tarifaire au même endroit"
        lead="Fini les relevés manuels dans un tableur : VeillePrix fait le tour des sites à votre place et vous montre ce qui a changé."
      />
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title} className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-xs">
            <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <Icon name={f.icon} className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold text-zinc-900">{f.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-zinc-600">{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
