import * as insights from "@/lib/insights/schemas";
import { RChanges, RMerchants, ROverview } from "./insights-schemas";
import type { TOperation } from "./operations";

const RULES =
  "Dernier relevé de chaque URL dans la rétention du plan ; seules les offres disponibles, avec un prix en euros " +
  "(la devise de « mon prix »), sont comparées, hors frais de port ; calculs en centimes.";

export const INSIGHTS_OPERATIONS: TOperation[] = [
  {
    method: "get",
    path: "/api/insights/overview",
    tag: "Marché",
    summary: "Vue marché : ma position par produit",
    description:
      `Pour chaque produit avec « mon prix » : position (le moins cher, aligné ±1 % du moins cher, plus cher), ` +
      `écarts au moins cher et à la moyenne en € et en %, indice prix ; sur le catalogue : indice prix et sa ` +
      `tendance à 7 et 30 jours (même panier aux deux dates). ${RULES}`,
    query: insights.ZOverviewQuery,
    ok: { schema: ROverview, description: "Vue marché" },
  },
  {
    method: "get",
    path: "/api/insights/merchants",
    tag: "Marché",
    summary: "Vue marché : les marchands",
    description:
      `Par domaine (sans « www. »), et par vendeur sur une place de marché : part des produits où il est le ` +
      `moins cher, écart moyen à « mon prix » (positif : plus cher que moi), taux de rupture de ses URLs ; ` +
      `\`basis=total\` compare prix + livraison. ${RULES}`,
    query: insights.ZMerchantsQuery,
    ok: { schema: RMerchants, description: "Marchands" },
  },
  {
    method: "get",
    path: "/api/insights/changes",
    tag: "Marché",
    summary: "Ce qui a changé depuis hier ou la semaine dernière",
    description:
      "Par URL, dernier relevé comparé au dernier relevé d'avant la période (corrections appliquées) : baisses " +
      "et hausses du montant (prix, ou prix + livraison avec `basis=total`, par ampleur), ruptures, retours en " +
      "stock, avec le vendeur avant et après sur une place de marché ; par produit, nouveau marchand (ou " +
      "vendeur) le moins cher.",
    query: insights.ZChangesQuery,
    ok: { schema: RChanges, description: "Changements" },
  },
  {
    method: "get",
    path: "/api/insights/overview.csv",
    tag: "Marché",
    summary: "Vue marché en CSV",
    description: "Le tableau de la vue marché avec les mêmes filtres et tri ; `dialect=excel` (défaut) ou `standard`.",
    query: insights.ZOverviewExportQuery,
    ok: { content: "csv", description: "Fichier vue_marche.csv" },
  },
  {
    method: "get",
    path: "/api/insights/overview.xlsx",
    tag: "Marché",
    summary: "Vue marché en Excel",
    description: "Le tableau de la vue marché avec les mêmes filtres et tri, vraies cellules nombre.",
    query: insights.ZOverviewFileQuery,
    ok: { content: "xlsx", description: "Fichier vue_marche.xlsx" },
  },
];
