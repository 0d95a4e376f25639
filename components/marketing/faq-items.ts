import type { TPublicPlan } from "./load-plans";

export type TFaqItem = { id: string; question: string; answer: string[] };

const products = (p: TPublicPlan) =>
  p.limits.max_products === null ? "un nombre illimité de produits" : `${p.limits.max_products} produits`;
const history = (p: TPublicPlan) =>
  p.limits.history_retention_days === null
    ? "un historique illimité"
    : `${p.limits.history_retention_days} jours d'historique`;
const urls = (p: TPublicPlan) =>
  p.limits.max_urls_per_product === null ? "des URLs illimitées" : `${p.limits.max_urls_per_product} URLs`;

function joinFr(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} et ${parts[parts.length - 1]}`;
}

/** The ten questions of the home page; every figure about plans is read from the plans themselves. */
export function buildFaq(plans: TPublicPlan[]): TFaqItem[] {
  const free = plans.find((p) => p.type === "freemium");
  const paid = plans.filter((p) => p.type !== "freemium");
  const perPlanLimits = plans.map((p) => `${p.name} : ${products(p)} et ${history(p)}`).join(" ; ");
  const perPlanUrls = plans.map((p) => `${urls(p)} par produit en ${p.name}`);
  const paidNames = joinFr(paid.map((p) => p.name));
  const alertPlans = joinFr(plans.filter((p) => p.limits.has_email_alerts).map((p) => p.name));

  return [
    {
      id: "quest-ce-que-veilleprix",
      question: "Qu'est-ce que VeillePrix ?",
      answer: [
        "VeillePrix est un outil de veille tarifaire en ligne. Vous indiquez les produits qui vous intéressent " +
          "et les pages marchandes où ils sont vendus ; VeillePrix relève automatiquement le prix et la " +
          "disponibilité sur chacune d'elles, conserve l'historique et vous signale les changements.",
        "Il s'adresse aux équipes marketing et commerciales, aux fabricants, aux distributeurs et aux e-commerçants.",
      ],
    },
    {
      id: "comment-les-prix-sont-releves",
      question: "Comment VeillePrix relève-t-il les prix ?",
      answer: [
        "Pour chaque URL, VeillePrix lit la page du marchand comme le ferait un navigateur : données " +
          "structurées (JSON-LD, microdonnées), balises Open Graph, puis texte visible. Il reconnaît les formats " +
          "français (« 1 299,99 € ») comme internationaux et distingue le prix payé du prix barré ou des frais " +
          "de livraison.",
        "Lorsqu'une page est générée en JavaScript, un navigateur sans interface prend le relais. Un relevé " +
          "qui échoue n'enregistre jamais de prix erroné : il est signalé puis relancé.",
      ],
    },
    {
      id: "frequence-des-releves",
      question: "À quelle fréquence les prix sont-ils mis à jour ?",
      answer: [
        (free ? `Avec le plan ${free.name}, les prix sont relevés une fois par jour. ` : "") +
          (paidNames ? `Avec les plans ${paidNames}, ils peuvent l'être toutes les heures. ` : "") +
          `Vous ` +
          `choisissez pour chaque URL une fréquence horaire, quotidienne ou hebdomadaire, et pouvez relancer un ` +
          `relevé manuellement à tout moment.`,
      ],
    },
    {
      id: "combien-de-produits",
      question: "Combien de produits puis-je suivre ?",
      answer: [
        `Cela dépend de votre plan. ${plans
          .map((p) => `${p.name} : ${products(p)}`)
          .join(" ; ")}. Chaque produit peut être suivi sur plusieurs sites : ${joinFr(perPlanUrls)}.`,
      ],
    },
    {
      id: "duree-historique",
      question: "Combien de temps l'historique des prix est-il conservé ?",
      answer: [
        `${perPlanLimits}. Au-delà de cette durée, les relevés les plus anciens sont supprimés ` +
          `automatiquement. Vous pouvez à tout moment exporter l'historique complet en CSV pour l'archiver.`,
      ],
    },
    {
      id: "alertes-email",
      question: "Comment fonctionnent les alertes par email ?",
      answer: [
        `Vous êtes prévenu par email lorsqu'un prix change ou lorsqu'il sort de la fourchette minimum / ` +
          `maximum que vous avez définie, par exemple quand un revendeur passe sous le prix de vente conseillé.` +
          (alertPlans ? ` Les alertes par email sont incluses dans les plans ${alertPlans}.` : ""),
      ],
    },
    {
      id: "exports",
      question: "Puis-je exporter mes données ?",
      answer: [
        "Oui. Pour chaque produit, vous pouvez télécharger les derniers prix ou l'historique complet au format " +
          "CSV, lisible dans Excel, LibreOffice ou Google Sheets. Un export Excel et un accès par API sont " +
          "également proposés pour alimenter vos propres outils.",
      ],
    },
    {
      id: "offre-gratuite",
      question: `Le plan ${free?.name ?? "gratuit"} est-il vraiment gratuit ?`,
      answer: [
        `Oui, ` +
          (free
            ? `le plan ${free.name} est gratuit, sans limite de durée et sans carte bancaire : ` +
              `${products(free)}, ${urls(free)} par produit et ${history(free)}`
            : "l'offre gratuite n'a pas de limite de durée et ne demande pas de carte bancaire") +
          `. ` +
          `Vous passez à un plan supérieur seulement quand vous en avez besoin.`,
      ],
    },
    {
      id: "changer-ou-resilier",
      question: "Puis-je changer de plan ou résilier à tout moment ?",
      answer: [
        "Oui. Les plans sont mensuels et sans engagement. Vous pouvez changer de plan ou résilier depuis votre " +
          "espace ; la résiliation prend effet à la fin de la période en cours. Les prix sont indiqués hors " +
          "taxes et le paiement se fait par carte bancaire via notre prestataire de paiement sécurisé, qui émet " +
          "une facture chaque mois.",
      ],
    },
    {
      id: "securite-des-donnees",
      question: "Mes données sont-elles en sécurité ?",
      answer: [
        "Vos données sont traitées conformément au RGPD et ne servent qu'à fournir le service. Les mots de " +
          "passe sont stockés sous forme hachée, les échanges passent par HTTPS et nous ne revendons aucune " +
          "donnée. Les coordonnées bancaires sont gérées uniquement par notre prestataire de paiement, certifié " +
          "PCI-DSS : elles ne transitent jamais par nos serveurs.",
      ],
    },
  ];
}
