import type { ZodType } from "zod";
import * as alerts from "@/lib/alerts/schemas";
import * as apiTokens from "@/lib/api-tokens/schemas";
import * as auth from "@/lib/auth/schemas";
import * as billing from "@/lib/billing/schemas";
import * as contact from "@/lib/contact/schemas";
import * as access from "@/lib/fetching/schemas";
import * as exportsSchemas from "@/lib/exports/schemas";
import * as history from "@/lib/history/schemas";
import * as flags from "@/lib/flags/schemas";
import * as products from "@/lib/products/schemas";
import { ZBulkProducts, ZListProducts } from "@/lib/products";
import * as queue from "@/lib/queue/schemas";
import * as reports from "@/lib/reports/schemas";
import * as workspaces from "@/lib/workspaces/schemas";
import * as team from "@/lib/team/schemas";
import { ZPriceSource } from "@/lib/price-picker/schemas";
import { FEED_OPERATIONS } from "./feed-operations";
import { HEALTH_OPERATIONS } from "./health-operations";
import { INSIGHTS_OPERATIONS } from "./insights-operations";
import * as R from "./response-schemas";

export const TAGS = [
  { name: "Authentification", description: "Inscription, connexion, mot de passe oublié." },
  { name: "Utilisateurs", description: "Profil et préférences du compte connecté." },
  { name: "Produits", description: "Produits surveillés et import en masse." },
  { name: "URLs", description: "Pages marchandes suivies pour un produit." },
  { name: "Scraping", description: "Relevés manuels et historique d'une URL." },
  { name: "File d'attente", description: "Tâches de relevé : suivi, annulation, relance." },
  { name: "Historique", description: "Graphique des prix et comparaison entre marchands." },
  { name: "Exports", description: "Fichiers CSV et Excel (flux, sans limite de taille)." },
  { name: "Marché", description: "Vue marché : positionnement, marchands, changements récents." },
  { name: "Alertes", description: "Règles d'alerte par email et événements." },
  {
    name: "Canaux d'alerte",
    description: "Webhooks signés, Slack et Microsoft Teams : les règles d'alerte y envoient en plus de l'email.",
  },
  { name: "Abonnements", description: "Plans et abonnement en cours." },
  { name: "Paiements", description: "Paiement par carte, moyens de paiement et factures." },
  { name: "Jetons d'API", description: "Jetons d'intégration (plans avec automatisation)." },
  {
    name: "Espaces de travail",
    description: "Les espaces dont l'utilisateur est membre (Propriétaire, Éditeur ou Lecteur) et l'espace ouvert.",
  },
  {
    name: "Preuves",
    description:
      "Dossiers de preuve : capture d'écran horodatée et HTML d'une page, avec leurs empreintes SHA-256, en ZIP.",
  },
  {
    name: "Accès aux sites",
    description:
      "Comment les pages sont obtenues : direct, navigateur, proxies du client ou API de scraping, plafond mensuel.",
  },
  {
    name: "Santé des données",
    description: "États des URLs du catalogue, fraîcheur des relevés, boutiques, corrections groupées.",
  },
  {
    name: "Flux catalogue",
    description:
      "Catalogue importé d'un fichier ou d'une URL relue selon une fréquence (Google Merchant Center, Shopify, " +
      "WooCommerce, PrestaShop, CSV/XLSX), mise à jour par SKU, en tâche de fond avec un rapport par ligne.",
  },
  { name: "Divers", description: "Santé du service, contact, webhooks." },
] as const;

export type TTag = (typeof TAGS)[number]["name"];
export type TMethod = "get" | "post" | "put" | "patch" | "delete";

export type TOperation = {
  method: TMethod;
  path: string;
  tag: TTag;
  summary: string;
  description?: string;
  /** bearer (default): a Bearer token or the browser session is required; none: open; signature: verified by the caller's secret. */
  auth?: "bearer" | "none" | "signature";
  query?: ZodType;
  body?: ZodType | "multipart" | "raw";
  ok: {
    status?: number;
    schema?: ZodType;
    list?: boolean;
    content?: "json" | "csv" | "xlsx" | "pdf" | "zip";
    description: string;
  };
  errors?: number[];
};

// Schemas are looked up by name so that a renamed schema degrades to a generic object instead of breaking the build.
const pick = (mod: Record<string, unknown>, name: string) => mod[name] as ZodType | undefined;

const csvQuery = pick(exportsSchemas, "ZCsvExportQuery");

export const OPERATIONS: TOperation[] = [
  // Authentification
  {
    method: "post",
    path: "/api/auth/register",
    tag: "Authentification",
    auth: "none",
    summary: "Créer un compte",
    description:
      "Le compte reçoit le plan Freemium ; `planId` mémorise le plan choisi. Un lien de vérification est envoyé à " +
      "l'adresse (48 heures, une seule fois). L'adresse de l'éditeur est refusée (422 `email_reserved`).",
    body: pick(auth, "ZRegister"),
    ok: { status: 201, schema: R.RUser, description: "Compte créé" },
    errors: [409, 422, 429],
  },
  {
    method: "post",
    path: "/api/auth/login",
    tag: "Authentification",
    auth: "none",
    summary: "Se connecter",
    description: "Échange email et mot de passe contre un jeton Bearer (30 jours).",
    body: pick(auth, "ZLogin"),
    ok: { schema: R.RAccessToken, description: "Jeton d'accès" },
    errors: [401, 429],
  },
  {
    method: "get",
    path: "/api/auth/me",
    tag: "Authentification",
    summary: "Utilisateur connecté",
    ok: { schema: R.RUser, description: "L'utilisateur" },
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    tag: "Authentification",
    auth: "none",
    summary: "Demander un lien de réinitialisation",
    body: pick(auth, "ZForgotPassword"),
    ok: { schema: R.RMessage, description: "Même réponse que le compte existe ou non" },
    errors: [429],
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    tag: "Authentification",
    summary: "Choisir un nouveau mot de passe",
    description: "Le jeton de réinitialisation reçu par email est envoyé en Bearer.",
    body: pick(auth, "ZResetPassword"),
    ok: { schema: R.RMessage, description: "Mot de passe changé" },
  },
  {
    method: "post",
    path: "/api/auth/verify-email/resend",
    tag: "Authentification",
    summary: "Renvoyer l'email de vérification",
    description: "Un nouveau lien à l'adresse du compte, s'il n'est pas déjà vérifié (3 envois par quart d'heure).",
    ok: { schema: R.RMessage, description: "Email envoyé, ou adresse déjà vérifiée" },
    errors: [429],
  },

  // Utilisateurs
  {
    method: "get",
    path: "/api/users/me",
    tag: "Utilisateurs",
    summary: "Mon profil",
    ok: { schema: R.RUser, description: "Profil" },
  },
  {
    method: "put",
    path: "/api/users/me",
    tag: "Utilisateurs",
    summary: "Modifier mon profil",
    body: pick(auth, "ZUpdateProfile"),
    ok: { schema: R.RUser, description: "Profil mis à jour" },
    errors: [409],
  },
  {
    method: "put",
    path: "/api/users/me/password",
    tag: "Utilisateurs",
    summary: "Changer mon mot de passe",
    description:
      "Met fin aux autres sessions, aux jetons de connexion et aux liens de réinitialisation en attente ; " +
      "`revoke_api_tokens: true` révoque aussi les jetons d'API.",
    body: pick(auth, "ZChangePassword"),
    ok: { schema: R.RMessage, description: "Mot de passe mis à jour" },
  },
  {
    method: "get",
    path: "/api/users/me/stats",
    tag: "Utilisateurs",
    summary: "Mes statistiques",
    ok: { schema: R.RAny, description: "Produits et URLs actives" },
  },
  {
    method: "get",
    path: "/api/users/me/alert-preferences",
    tag: "Utilisateurs",
    summary: "Mode d'envoi des alertes",
    ok: { schema: R.RAny, description: "Immédiat ou résumé" },
  },
  {
    method: "put",
    path: "/api/users/me/alert-preferences",
    tag: "Utilisateurs",
    summary: "Changer le mode d'envoi des alertes",
    body: pick(alerts, "ZAlertPreferences"),
    ok: { schema: R.RAny, description: "Préférence enregistrée" },
  },

  // Produits
  {
    method: "get",
    path: "/api/products",
    tag: "Produits",
    summary: "Mes produits",
    description:
      "Une page (`limit`, 50 par défaut, 200 au plus, et jamais plus de 100 Ko) dans un ordre stable : `sort` " +
      "(created, name, gap = écart au moins cher, last_change, price = prix le plus bas) et `order`. Recherche " +
      "`q` dans le nom, le SKU, les EAN, la marque et le MPN, sans tenir compte des accents ni de la casse ; " +
      "filtres `category` (avec ses sous-catégories), `tag`, `brand`, `position` (cheapest, aligned, dearer, " +
      "no_market) et `status` (uncertain, blocked, failing, paused, no_url). La page suivante : le curseur de " +
      'l\'en-tête `X-Next-Cursor` passé en `cursor` (ou le lien `Link` rel="next"), absent à la dernière page ; ' +
      "des produits ajoutés entre deux pages ne font ni sauter ni répéter une ligne. Le nombre de produits " +
      "correspondant aux filtres est dans `X-Total-Count` (ou `{ items, next_cursor, total }` avec `include=page`).",
    query: ZListProducts,
    ok: {
      schema: R.RProductListItem,
      list: true,
      description:
        "Produits avec leur nombre d'URLs et le plus bas des derniers prix disponibles en euros " +
        "(`lowest_price`), le nombre d'URLs au prix incertain (`uncertain_count`), en pause (`paused_count`), en " +
        "échec (`failed_count`, dont bloquées `blocked_count`), la position de 'mon prix' (`position`) et son " +
        "écart au moins cher en points de base (`gap_bp`), le dernier changement de prix (`last_change_at`), le " +
        "plus bas prix de chacun des 30 derniers jours en centimes (`sparkline`, du plus ancien à aujourd'hui) ; " +
        "le détail est GET /api/products/{id}",
    },
    errors: [422],
  },
  {
    method: "get",
    path: "/api/products/facets",
    tag: "Produits",
    summary: "Valeurs des filtres de la liste",
    description:
      "Les marques, catégories et étiquettes des produits de l'espace de travail, chacune avec son nombre de " +
      "produits : les 500 plus fréquentes de chaque filtre, par ordre alphabétique. Une catégorie compte aussi " +
      "les produits de ses sous-catégories, comme le filtre `category` de GET /api/products.",
    ok: { schema: R.RProductFacets, description: "`{ brands, categories, tags }`, chacun `[{ value, count }]`" },
  },
  {
    method: "post",
    path: "/api/products/bulk",
    tag: "Produits",
    summary: "Agir sur une sélection de produits",
    description:
      "Jusqu'à 1 000 produits (`ids`) : `tag` (étiquettes `add` et `remove`), `pause` et `resume` du suivi de " +
      "leurs URLs, `frequency` (`tracking_frequency`), `delete`. Une seule transaction, inscrite au journal " +
      "d'audit ; les identifiants d'un autre espace de travail sont ignorés (aucun de l'espace : 404). Rôle " +
      "Éditeur.",
    body: ZBulkProducts,
    ok: { schema: R.RAny, description: "`{ action, matched, changed, message }`" },
    errors: [403, 404, 422],
  },
  {
    method: "post",
    path: "/api/products",
    tag: "Produits",
    summary: "Créer un produit",
    description:
      "Avec ses URLs éventuelles et son identification (sku unique dans l'espace de travail, gtins dont le " +
      "chiffre de contrôle est vérifié) ; limites du plan appliquées.",
    body: pick(products, "ZCreateProduct"),
    ok: { status: 201, schema: R.RProduct, description: "Produit créé" },
    errors: [403, 409],
  },
  {
    method: "post",
    path: "/api/products/import",
    tag: "Produits",
    summary: "Importer des produits (CSV ou XLSX)",
    description:
      "Formulaire multipart, champ `file`, 5 Mo au plus. L'import se poursuit en arrière-plan : " +
      "suivez-le avec GET /api/products/import/{importId}.",
    body: "multipart",
    ok: { status: 202, schema: R.RAny, description: "L'import, en attente" },
    errors: [403],
  },
  {
    method: "get",
    path: "/api/products/import/{importId}",
    tag: "Produits",
    summary: "Suivre un import",
    description: "Sa progression ('1 200 / 10 000 lignes') puis son bilan et les lignes refusées avec leur motif.",
    ok: { schema: R.RAny, description: "L'import" },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/products/{id}",
    tag: "Produits",
    summary: "Un produit",
    ok: { schema: R.RProduct, description: "Le produit, ses URLs et derniers prix" },
  },
  {
    method: "put",
    path: "/api/products/{id}",
    tag: "Produits",
    summary: "Modifier un produit",
    description:
      "Un nouveau prix minimum annoncé est appliqué aussitôt au dernier relevé de chaque URL : signalements " +
      "ouverts ou terminés et alertes « sous le prix minimum annoncé » comme pour un nouveau relevé.",
    body: pick(products, "ZUpdateProduct"),
    ok: { schema: R.RProduct, description: "Produit mis à jour" },
    errors: [409],
  },
  {
    method: "patch",
    path: "/api/products/{id}",
    tag: "Produits",
    summary: "Modifier certains champs d'un produit",
    description:
      "Identification (sku, gtins, brand, mpn, category, tags, image_url), prix (reference_price, " +
      "min_advertised_price, cost_price), nom ou description : un champ absent est inchangé, null l'efface. " +
      "Un SKU déjà pris par un autre produit de l'espace de travail : 409 duplicate_sku.",
    body: pick(products, "ZPatchProduct"),
    ok: { schema: R.RProduct, description: "Produit mis à jour" },
    errors: [409],
  },
  {
    method: "delete",
    path: "/api/products/{id}",
    tag: "Produits",
    summary: "Supprimer un produit",
    description: "Supprime aussi ses URLs et leur historique.",
    ok: { schema: R.RMessage, description: "Produit supprimé" },
  },

  // URLs
  {
    method: "get",
    path: "/api/products/{id}/urls",
    tag: "URLs",
    summary: "URLs suivies d'un produit",
    ok: { schema: R.RProductUrl, list: true, description: "URLs avec leur dernier prix" },
  },
  {
    method: "post",
    path: "/api/products/{id}/urls",
    tag: "URLs",
    summary: "Ajouter une URL",
    description: "Un relevé est lancé aussitôt.",
    body: pick(products, "ZCreateProductUrl"),
    ok: { status: 201, schema: R.RProductUrlCreated, description: "URL ajoutée" },
    errors: [403, 409],
  },
  {
    method: "patch",
    path: "/api/products/{id}/urls/{urlId}",
    tag: "URLs",
    summary: "Modifier une URL",
    body: pick(products, "ZUpdateProductUrl"),
    ok: { schema: R.RProductUrl, description: "URL mise à jour" },
  },
  {
    method: "delete",
    path: "/api/products/{id}/urls/{urlId}",
    tag: "URLs",
    summary: "Supprimer une URL",
    description: "Irréversible : supprime aussi son historique.",
    ok: { schema: R.RMessage, description: "URL supprimée" },
  },

  {
    method: "get",
    path: "/api/products/{id}/urls/{urlId}/candidates",
    tag: "URLs",
    summary: "Prix trouvés lors du dernier relevé",
    description: "Pour choisir le bon prix ; le choix en cours est marqué `selected`.",
    ok: { schema: R.RPriceCandidates, description: "Prix trouvés" },
  },
  {
    method: "put",
    path: "/api/products/{id}/urls/{urlId}/price-source",
    tag: "URLs",
    summary: "Choisir le prix suivi",
    description:
      "`{ candidate_id }`, `{ selector }` (CSS) ou `{ automatic: true }` ; un nouveau relevé est lancé aussitôt.",
    body: ZPriceSource,
    ok: { schema: R.RPriceSource, description: "Choix enregistré" },
    errors: [409],
  },

  // Scraping
  {
    method: "post",
    path: "/api/scraping/urls/{urlId}/scrape",
    tag: "Scraping",
    summary: "Relancer le scraping d'une URL",
    ok: { status: 202, schema: R.RTask, description: "Tâche créée" },
    errors: [429],
  },
  {
    method: "get",
    path: "/api/scraping/urls/{urlId}/history",
    tag: "Scraping",
    summary: "Historique d'une URL",
    description:
      "Du plus récent au plus ancien, dans la durée de conservation du plan ; `limit` relevés (100 par défaut, " +
      "1000 au plus) plus anciens que le relevé `before` (curseur : l'id du dernier relevé reçu). Le total est " +
      "dans l'en-tête `X-Total-Count` (ou `{ entries, total }` avec `include=total`).",
    query: pick(history, "ZUrlHistoryQuery"),
    ok: { schema: R.RHistoryEntry, list: true, description: "Relevés" },
  },

  // Preuves
  {
    method: "post",
    path: "/api/urls/{urlId}/evidence",
    tag: "Preuves",
    summary: "Capturer une preuve",
    description:
      "Capture d'écran (Chromium, haut de page, 6 000 px au plus) et HTML de la page, en tâche de fond : suivre " +
      "`status` avec GET /api/evidence/{id}. Rôle Éditeur. Nombre de dossiers conservés borné par le plan (403 " +
      "`evidence_limit_reached`).",
    ok: { status: 202, schema: R.REvidence, description: "Capture lancée (en cours)" },
    errors: [403, 429],
  },
  {
    method: "get",
    path: "/api/urls/{urlId}/evidence",
    tag: "Preuves",
    summary: "Dossiers de preuve d'une URL",
    ok: { schema: R.REvidence, list: true, description: "Les 20 derniers, du plus récent au plus ancien" },
  },
  {
    method: "get",
    path: "/api/evidence/{id}",
    tag: "Preuves",
    summary: "Un dossier de preuve",
    ok: { schema: R.REvidence, description: "État, empreintes et valeurs lues" },
  },
  {
    method: "delete",
    path: "/api/evidence/{id}",
    tag: "Preuves",
    summary: "Supprimer un dossier de preuve",
    ok: { schema: R.RMessage, description: "Dossier de preuve supprimé" },
  },
  {
    method: "get",
    path: "/api/evidence/{id}/download",
    tag: "Preuves",
    summary: "Télécharger le dossier de preuve (ZIP)",
    description:
      "capture.png, page.html et manifest.json (empreintes SHA-256, heures UTC et Europe/Paris, valeurs lues, " +
      "version de l'application). 409 tant que la capture n'est pas prête ou quand elle a échoué.",
    ok: { content: "zip", description: "Archive ZIP" },
    errors: [409],
  },

  // File d'attente
  {
    method: "post",
    path: "/api/queue/scrape",
    tag: "File d'attente",
    summary: "Mettre un relevé en file",
    description: "Par défaut attend la fin (300 s au plus).",
    query: pick(queue, "ZQueueScrapeQuery"),
    body: pick(queue, "ZQueueScrape"),
    ok: { schema: R.RTask, description: "Tâche" },
    errors: [403, 429],
  },
  {
    method: "get",
    path: "/api/queue/tasks",
    tag: "File d'attente",
    summary: "Mes tâches",
    query: pick(queue, "ZListTasksQuery"),
    ok: { schema: R.RTask, list: true, description: "Tâches" },
  },
  {
    method: "get",
    path: "/api/queue/tasks/{taskId}",
    tag: "File d'attente",
    summary: "Une tâche",
    ok: { schema: R.RTask, description: "Tâche" },
  },
  {
    method: "post",
    path: "/api/queue/tasks/{taskId}/cancel",
    tag: "File d'attente",
    summary: "Annuler une tâche",
    ok: { schema: R.RTask, description: "Tâche annulée" },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/queue/tasks/{taskId}/retry",
    tag: "File d'attente",
    summary: "Relancer une tâche",
    body: pick(queue, "ZRetryTask"),
    ok: { schema: R.RTask, description: "Tâche relancée" },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/queue/tasks/scheduled",
    tag: "File d'attente",
    summary: "Relever maintenant les URLs dues",
    body: pick(queue, "ZScheduleTasks"),
    ok: { schema: R.RAny, description: "Tâches créées" },
  },
  {
    method: "post",
    path: "/api/queue/tasks/batch",
    tag: "File d'attente",
    summary: "Relevé en lot",
    body: pick(queue, "ZBatchScrape"),
    ok: { schema: R.RAny, description: "Tâches créées" },
    errors: [403],
  },
  {
    method: "get",
    path: "/api/queue/products/{id}/tasks",
    tag: "File d'attente",
    summary: "Tâches d'un produit",
    ok: { schema: R.RTask, list: true, description: "Tâches" },
  },

  // Historique
  {
    method: "get",
    path: "/api/products/{id}/history",
    tag: "Historique",
    summary: "Courbes de prix d'un produit",
    description:
      "Une série par marchand : chaque relevé jusqu'à 8 jours, au-delà réduite côté serveur " +
      "(premier, min, max, dernier point par intervalle) ; " +
      "limitée à la durée de conservation du plan.",
    query: pick(history, "ZProductHistoryQuery"),
    ok: { schema: R.RProductHistory, description: "Séries" },
  },
  {
    method: "get",
    path: "/api/products/{id}/comparison",
    tag: "Historique",
    summary: "Comparaison des marchands",
    description:
      "Prix actuel par marchand, min / moyenne / max, moins cher, écarts en € et en % (calculs en centimes).",
    ok: { schema: R.RComparison, description: "Comparaison" },
  },
  {
    method: "put",
    path: "/api/products/{id}/reference-price",
    tag: "Historique",
    summary: "Définir « mon prix »",
    description: "`null` efface le prix de référence.",
    body: pick(products, "ZReferencePrice"),
    ok: { schema: R.RReferencePrice, description: "Prix de référence enregistré" },
  },

  // Exports
  {
    method: "get",
    path: "/api/products/{id}/export/latest.csv",
    tag: "Exports",
    summary: "CSV « Derniers prix »",
    description:
      "Colonnes Source, URL, Prix, Date. Par défaut pour Excel en français (BOM, « ; », virgule décimale, " +
      "dates jj/mm/aaaa HH:mm heure de Paris) ; `dialect=standard` : RFC 4180, « , », point décimal, dates ISO " +
      "8601.",
    query: csvQuery,
    ok: { content: "csv", description: "Fichier {nom_du_produit}_derniers_prix.csv" },
  },
  {
    method: "get",
    path: "/api/products/{id}/export/history.csv",
    tag: "Exports",
    summary: "CSV « Historique complet »",
    description:
      "Colonnes Source, URL, Prix, Date, Disponibilité ; flux continu, même pour des centaines de milliers de lignes.",
    query: csvQuery,
    ok: { content: "csv", description: "Fichier {nom_du_produit}_historique_complet.csv" },
  },
  {
    method: "get",
    path: "/api/products/{id}/export.xlsx",
    tag: "Exports",
    summary: "Classeur Excel d'un produit",
    description: "Feuilles « Derniers prix » et « Historique complet », vraies cellules nombre et date, en-tête figé.",
    ok: { content: "xlsx", description: "Fichier {nom_du_produit}_export.xlsx" },
  },
  {
    method: "get",
    path: "/api/exports/products.csv",
    tag: "Exports",
    summary: "CSV de tous les produits",
    description: "Colonne Produit en tête ; `type=latest` (défaut) ou `history`.",
    query: pick(exportsSchemas, "ZAllProductsCsvQuery"),
    ok: { content: "csv", description: "Fichier CSV" },
  },
  {
    method: "get",
    path: "/api/exports/products.xlsx",
    tag: "Exports",
    summary: "Classeur Excel de tous les produits",
    ok: { content: "xlsx", description: "Fichier tous_les_produits_export.xlsx" },
  },

  // Alertes
  {
    method: "get",
    path: "/api/products/{id}/alerts",
    tag: "Alertes",
    summary: "Règles d'alerte d'un produit",
    ok: { schema: R.RAny, list: true, description: "Règles" },
  },
  {
    method: "post",
    path: "/api/products/{id}/alerts",
    tag: "Alertes",
    summary: "Ajouter une règle d'alerte",
    body: pick(alerts, "ZCreateAlertRule"),
    ok: { status: 201, schema: R.RAny, description: "Règle créée" },
    errors: [403],
  },
  {
    method: "patch",
    path: "/api/products/{id}/alerts/{ruleId}",
    tag: "Alertes",
    summary: "Modifier une règle d'alerte",
    body: pick(alerts, "ZUpdateAlertRule"),
    ok: { schema: R.RAny, description: "Règle modifiée" },
  },
  {
    method: "delete",
    path: "/api/products/{id}/alerts/{ruleId}",
    tag: "Alertes",
    summary: "Supprimer une règle d'alerte",
    ok: { schema: R.RMessage, description: "Règle supprimée" },
  },
  {
    method: "get",
    path: "/api/products/{id}/alert-events",
    tag: "Alertes",
    summary: "Alertes déclenchées pour un produit",
    query: pick(alerts, "ZAlertEventsQuery"),
    ok: { schema: R.RAny, list: true, description: "Événements" },
  },
  {
    method: "get",
    path: "/api/insights/flags",
    tag: "Alertes",
    summary: "Signalements des contrôles de promotion",
    description:
      "Promotions suspectes (directive Omnibus : prix barré supérieur au prix le plus bas relevé dans les 30 jours " +
      "avant le début de la réduction ; rien n'est signalé sans 30 jours d'historique) et surveillance du prix " +
      "minimum annoncé (dernier prix d'un revendeur inférieur au seuil du produit), avec leurs preuves. " +
      "Du plus récent au plus ancien ; `status` vaut `open` par défaut.",
    query: pick(flags, "ZFlagsQuery"),
    ok: { schema: R.RPriceFlag, list: true, description: "Signalements" },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/alerts/test",
    tag: "Alertes",
    summary: "Envoyer une alerte de test",
    body: pick(alerts, "ZSendTestAlert"),
    ok: { schema: R.RMessage, description: "Email envoyé" },
    errors: [403, 429],
  },
  {
    method: "get",
    path: "/api/alerts/unsubscribe",
    tag: "Alertes",
    auth: "none",
    summary: "Lien de désinscription (lecture)",
    query: pick(alerts, "ZUnsubscribeQuery"),
    ok: { schema: R.RAny, description: "Ce que désigne le lien signé" },
  },
  {
    method: "post",
    path: "/api/alerts/unsubscribe",
    tag: "Alertes",
    auth: "none",
    summary: "Se désinscrire des alertes",
    query: pick(alerts, "ZUnsubscribeQuery"),
    ok: { schema: R.RMessage, description: "Désinscription faite" },
  },

  // Abonnements
  {
    method: "get",
    path: "/api/subscriptions/plans",
    tag: "Abonnements",
    auth: "none",
    summary: "Plans proposés",
    ok: { schema: R.RPlan, list: true, description: "Liste des plans" },
  },
  {
    method: "get",
    path: "/api/subscriptions/my-subscription",
    tag: "Abonnements",
    summary: "Mon abonnement",
    ok: { schema: R.RSubscription.nullable(), description: "Abonnement ou null" },
  },
  {
    method: "post",
    path: "/api/subscriptions/subscribe",
    tag: "Abonnements",
    summary: "Choisir un plan",
    description: "Freemium tout de suite ; un plan payant renvoie le paiement à effectuer.",
    body: pick(billing, "ZSubscribe"),
    ok: { schema: R.RAny, description: "Abonnement ou paiement à effectuer" },
  },

  // Paiements
  {
    method: "get",
    path: "/api/payments/config",
    tag: "Paiements",
    auth: "none",
    summary: "Configuration du paiement",
    ok: { schema: R.RAny, description: "Mode et clé publique Stripe" },
  },
  {
    method: "post",
    path: "/api/payments/create-checkout-session",
    tag: "Paiements",
    summary: "Créer une session de paiement hébergée",
    body: pick(billing, "ZCreateCheckoutSession"),
    ok: { schema: R.RAny, description: "session_id et adresse de la page de paiement" },
  },
  {
    method: "post",
    path: "/api/payments/checkout-sessions/{id}/sync",
    tag: "Paiements",
    summary: "Confirmer un paiement hébergé",
    ok: { schema: R.RAny, description: "Abonnement à jour" },
  },
  {
    method: "post",
    path: "/api/payments/demo-checkout/{id}/confirm",
    tag: "Paiements",
    summary: "Valider un paiement de démonstration",
    description: "Uniquement sans clés Stripe, jamais en production.",
    ok: { schema: R.RAny, description: "Plan activé" },
    errors: [403],
  },
  {
    method: "post",
    path: "/api/payments/create-subscription",
    tag: "Paiements",
    summary: "S'abonner avec une carte",
    body: pick(billing, "ZCreateSubscription"),
    ok: { schema: R.RAny, description: "status, client_secret, subscription_id" },
  },
  {
    method: "post",
    path: "/api/payments/create-payment-intent",
    tag: "Paiements",
    summary: "Créer une intention de paiement",
    body: pick(billing, "ZCreatePaymentIntent"),
    ok: { schema: R.RAny, description: "client_secret" },
  },
  {
    method: "post",
    path: "/api/payments/customer-portal",
    tag: "Paiements",
    summary: "Lien vers l'espace client Stripe",
    ok: { schema: R.RAny, description: "Adresse du portail" },
  },
  {
    method: "get",
    path: "/api/payments/subscriptions/{id}",
    tag: "Paiements",
    summary: "Un abonnement",
    ok: { schema: R.RAny, description: "Abonnement" },
  },
  {
    method: "post",
    path: "/api/payments/subscriptions/{id}/cancel",
    tag: "Paiements",
    summary: "Résilier en fin de période",
    ok: { schema: R.RAny, description: "Abonnement" },
  },
  {
    method: "post",
    path: "/api/payments/subscriptions/{id}/resume",
    tag: "Paiements",
    summary: "Annuler la résiliation",
    ok: { schema: R.RAny, description: "Abonnement" },
  },
  {
    method: "get",
    path: "/api/payments/payment-methods",
    tag: "Paiements",
    summary: "Mes cartes",
    ok: { schema: R.RAny, list: true, description: "Cartes enregistrées" },
  },
  {
    method: "post",
    path: "/api/payments/payment-methods",
    tag: "Paiements",
    summary: "Ajouter une carte",
    body: pick(billing, "ZAddPaymentMethod"),
    ok: { schema: R.RAny, description: "Carte ajoutée" },
  },
  {
    method: "delete",
    path: "/api/payments/payment-methods/{id}",
    tag: "Paiements",
    summary: "Retirer une carte",
    ok: { schema: R.RMessage, description: "Carte retirée" },
  },
  {
    method: "post",
    path: "/api/payments/payment-methods/{id}/default",
    tag: "Paiements",
    summary: "Carte par défaut",
    ok: { schema: R.RAny, description: "Carte par défaut changée" },
  },
  {
    method: "get",
    path: "/api/payments/invoices",
    tag: "Paiements",
    summary: "Mes factures",
    description: "Montants en centimes.",
    ok: { schema: R.RInvoice, list: true, description: "Factures" },
  },
  {
    method: "get",
    path: "/api/payments/invoices/{id}/pdf",
    tag: "Paiements",
    summary: "PDF d'une facture",
    ok: { content: "pdf", description: "Fichier PDF" },
  },

  // Rapport programmé
  {
    method: "get",
    path: "/api/users/me/report-preferences",
    tag: "Alertes",
    summary: "Fréquence du rapport par email",
    ok: { schema: R.RAny, description: "frequency (off, weekly, daily) et can_subscribe" },
  },
  {
    method: "put",
    path: "/api/users/me/report-preferences",
    tag: "Alertes",
    summary: "Choisir la fréquence du rapport par email",
    description:
      "Hebdomadaire (une fois par semaine ISO, à 7 h Europe/Paris) ou quotidien (7 h) : chiffres clés, variations, " +
      "signalements. Un seul rapport par période. Réservé aux plans avec alertes (403), sauf « off ».",
    body: pick(reports, "ZReportPreferences"),
    ok: { schema: R.RAny, description: "Préférences enregistrées" },
    errors: [403],
  },
  {
    method: "post",
    path: "/api/reports/unsubscribe",
    tag: "Alertes",
    auth: "none",
    summary: "Se désabonner du rapport (lien signé)",
    description: "Le jeton signé du lien de l'email est la seule preuve (RFC 8058, un clic).",
    query: pick(alerts, "ZUnsubscribeQuery"),
    ok: { schema: R.RMessage, description: "Désabonné" },
    errors: [400, 429],
  },

  // Canaux d'alerte
  {
    method: "get",
    path: "/api/alert-channels",
    tag: "Canaux d'alerte",
    summary: "Mes canaux d'alerte",
    description: "Le secret de signature n'est jamais renvoyé ; les adresses sont masquées.",
    ok: { schema: R.RAlertChannelList, description: "Canaux" },
  },
  {
    method: "post",
    path: "/api/alert-channels",
    tag: "Canaux d'alerte",
    summary: "Ajouter un canal d'alerte",
    description:
      "Réservé aux plans avec alertes (403 sinon). L'adresse passe par la protection SSRF (adresses privées, " +
      "réservées et ports refusés, https seulement en production : 422 sinon). Webhook : corps JSON " +
      "{type, id, created_at, alert}, en-têtes `X-VeillePrix-Timestamp` (secondes Unix) et " +
      '`X-VeillePrix-Signature: v1=<hex HMAC-SHA256(secret, timestamp + "." + corps brut)>`, ' +
      "`X-VeillePrix-Delivery` (identifiant stable d'une livraison, pour ignorer un doublon). Le récepteur " +
      "refuse un horodatage à plus de 300 s de son horloge (rejeu). Slack : `text` et `blocks` ; Teams : " +
      "MessageCard. Le secret n'est affiché qu'une fois. Échecs relancés 5 fois (30 s, 2 min, 10 min, 1 h, 6 h) ; " +
      "une réponse 4xx (sauf 408 et 429) ou une redirection arrête les essais.",
    body: pick(alerts, "ZCreateAlertChannel"),
    ok: { status: 201, schema: R.RAlertChannelCreated, description: "Canal créé" },
    errors: [403, 409],
  },
  {
    method: "delete",
    path: "/api/alert-channels/{id}",
    tag: "Canaux d'alerte",
    summary: "Supprimer un canal d'alerte",
    description: "Supprime aussi son journal d'envois ; les règles n'y envoient plus.",
    ok: { schema: R.RMessage, description: "Canal supprimé" },
  },
  {
    method: "post",
    path: "/api/alert-channels/{id}/test",
    tag: "Canaux d'alerte",
    summary: "Envoyer un message de test",
    description:
      "Une alerte d'exemple marquée « test », envoyée aussitôt (un seul essai) ; renvoie la ligne du journal.",
    ok: { schema: R.RAny, description: "delivery (ligne du journal) et message" },
    errors: [403, 429],
  },
  {
    method: "get",
    path: "/api/alert-channels/{id}/deliveries",
    tag: "Canaux d'alerte",
    summary: "Journal des envois d'un canal",
    description: "Statut, code HTTP, durée, nombre d'essais et erreur de chaque envoi, du plus récent au plus ancien.",
    query: pick(alerts, "ZChannelDeliveriesQuery"),
    ok: { schema: R.RChannelDeliveryList, description: "Envois" },
  },

  // Jetons d'API
  {
    method: "get",
    path: "/api/tokens",
    tag: "Jetons d'API",
    summary: "Mes jetons d'API",
    description: "Jetons actifs ; le secret n'est jamais renvoyé.",
    ok: { schema: R.RApiTokenList, description: "Jetons" },
  },
  {
    method: "post",
    path: "/api/tokens",
    tag: "Jetons d'API",
    summary: "Créer un jeton d'API",
    description:
      "Réservé aux plans avec automatisation (403 sinon). Le secret n'est affiché qu'une fois ; un jeton d'API " +
      "ne peut pas en créer d'autres.",
    body: pick(apiTokens, "ZCreateApiToken"),
    ok: { status: 201, schema: R.RApiTokenCreated, description: "Jeton créé" },
    errors: [403, 409],
  },
  {
    method: "delete",
    path: "/api/tokens/{id}",
    tag: "Jetons d'API",
    summary: "Révoquer un jeton d'API",
    description: "Le jeton cesse aussitôt de fonctionner (401).",
    ok: { schema: R.RMessage, description: "Jeton révoqué" },
    errors: [403],
  },

  // Espaces de travail
  {
    method: "get",
    path: "/api/workspaces",
    tag: "Espaces de travail",
    summary: "Mes espaces de travail",
    description: "L'espace ouvert (`current`) et chaque espace dont l'utilisateur est membre, avec son rôle.",
    ok: { schema: R.RAny, description: "current et workspaces" },
  },
  {
    method: "post",
    path: "/api/workspaces",
    tag: "Espaces de travail",
    summary: "Créer un espace de travail",
    description: "Son créateur en est le Propriétaire ; l'espace commence au plan Freemium.",
    body: pick(workspaces, "ZCreateWorkspace"),
    ok: { status: 201, schema: R.RAny, description: "Espace créé" },
  },
  {
    method: "get",
    path: "/api/workspaces/current",
    tag: "Espaces de travail",
    summary: "L'espace de travail ouvert",
    description:
      "L'espace dans lequel agit la session (ou le jeton) et le rôle qu'on y a. Une page du navigateur envoie " +
      "l'espace qu'elle affiche (en-tête `X-Workspace-Id`) avec chaque requête : si la session agit désormais " +
      "dans un autre (membre retiré, autre onglet), la réponse est 409 `workspace_changed` et rien n'est lu ni écrit.",
    ok: { schema: R.RAny, description: "id et role" },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/workspaces/current",
    tag: "Espaces de travail",
    summary: "Changer d'espace de travail",
    description:
      "Ouvre un autre espace dont l'utilisateur est membre dans cette session (404 sinon) ; il devient aussi " +
      "l'espace ouvert par ses prochaines connexions.",
    body: pick(workspaces, "ZSwitchWorkspace"),
    ok: { schema: R.RAny, description: "id, role et message" },
    errors: [404],
  },
  {
    method: "delete",
    path: "/api/workspaces/current",
    tag: "Espaces de travail",
    summary: "Supprimer l'espace de travail ouvert",
    description:
      "Propriétaire seulement, le nom de l'espace saisi en confirmation (422 sinon). Tout ce que l'espace possède " +
      "est supprimé. Refusé (409) s'il est le seul espace du Propriétaire ou si un abonnement payant s'y renouvelle " +
      "encore ; un membre qui n'avait que cet espace en reçoit un nouveau, vide.",
    body: pick(workspaces, "ZDeleteWorkspace"),
    ok: { schema: R.RAny, description: "message" },
    errors: [403, 409, 422],
  },

  // Équipe : membres, invitations, journal d'activité
  {
    method: "get",
    path: "/api/workspaces/current/members",
    tag: "Espaces de travail",
    summary: "Membres de l'espace ouvert",
    description:
      "Les membres (nom, email, rôle, depuis quand) ; pour un Propriétaire, aussi les invitations en attente et les places du plan.",
    ok: { schema: R.RAny, description: "workspace, me, members, invitations, seats" },
  },
  {
    method: "patch",
    path: "/api/workspaces/current/members/{userId}",
    tag: "Espaces de travail",
    summary: "Changer le rôle d'un membre",
    description: "Propriétaire seulement ; le dernier Propriétaire ne peut pas être rétrogradé (409).",
    body: pick(team, "ZChangeRole"),
    ok: { schema: R.RAny, description: "ok" },
    errors: [403, 404, 409],
  },
  {
    method: "delete",
    path: "/api/workspaces/current/members/{userId}",
    tag: "Espaces de travail",
    summary: "Retirer un membre ou quitter l'espace",
    description:
      "Un Propriétaire retire un membre ; chacun peut se retirer lui-même (quitter). Le dernier Propriétaire ne peut pas partir (409). L'accès cesse aussitôt.",
    ok: { schema: R.RAny, description: "ok" },
    errors: [403, 404, 409],
  },
  {
    method: "post",
    path: "/api/workspaces/current/invitations",
    tag: "Espaces de travail",
    summary: "Inviter un membre par email",
    description:
      "Propriétaire seulement. Un lien à usage unique, valable 7 jours, est envoyé ; refusé pour un membre (409) ou au-delà des places du plan (403).",
    body: pick(team, "ZInvite"),
    ok: { status: 201, schema: R.RAny, description: "Invitation envoyée" },
    errors: [403, 409],
  },
  {
    method: "delete",
    path: "/api/workspaces/current/invitations/{id}",
    tag: "Espaces de travail",
    summary: "Annuler une invitation en attente",
    ok: { schema: R.RAny, description: "ok" },
    errors: [403, 404],
  },
  {
    method: "post",
    path: "/api/workspaces/current/invitations/{id}/resend",
    tag: "Espaces de travail",
    summary: "Renvoyer une invitation",
    description: "Un nouveau lien valable 7 jours ; le précédent cesse de fonctionner.",
    ok: { schema: R.RAny, description: "ok" },
    errors: [403, 404],
  },
  {
    method: "get",
    path: "/api/workspaces/current/audit",
    tag: "Espaces de travail",
    summary: "Journal d'activité",
    description:
      "Propriétaire seulement : qui a créé, modifié ou supprimé quoi, quand et d'où ; 50 par page, du plus récent.",
    query: pick(team, "ZAuditQuery"),
    ok: { schema: R.RAny, description: "page, has_more, events" },
    errors: [403],
  },
  {
    method: "get",
    path: "/api/workspaces/current/audit.csv",
    tag: "Espaces de travail",
    summary: "Exporter le journal d'activité",
    query: pick(exportsSchemas, "ZCsvExportQuery"),
    ok: { content: "csv", description: "Fichier journal-d-activite.csv" },
    errors: [403],
  },
  {
    method: "post",
    path: "/api/invitations/preview",
    tag: "Espaces de travail",
    auth: "none",
    summary: "Lire une invitation",
    description:
      "L'espace, l'invitant, l'adresse et le rôle d'un lien d'invitation ; 404 (lien invalide) ou 410 (expiré, annulé, déjà accepté).",
    body: pick(team, "ZInvitationToken"),
    ok: { schema: R.RAny, description: "email, role, workspace_name, inviter_name, has_account" },
    errors: [404, 410],
  },
  {
    method: "post",
    path: "/api/invitations/accept",
    tag: "Espaces de travail",
    summary: "Accepter une invitation",
    description:
      "Connecté avec l'adresse invitée (403 sinon) : l'utilisateur devient membre et la session ouvre l'espace.",
    body: pick(team, "ZInvitationToken"),
    ok: { schema: R.RAny, description: "workspace_id et role" },
    errors: [403, 404, 409, 410],
  },
  {
    method: "post",
    path: "/api/invitations/register",
    tag: "Espaces de travail",
    auth: "none",
    summary: "Créer un compte depuis une invitation",
    description: "Le compte est créé pour l'adresse invitée, puis rejoint l'espace.",
    body: pick(team, "ZInvitationRegister"),
    ok: { status: 201, schema: R.RAny, description: "id, email, workspace_id, role" },
    errors: [404, 409, 410],
  },

  // Accès aux sites
  {
    method: "get",
    path: "/api/access",
    tag: "Accès aux sites",
    summary: "Accès aux sites de l'espace",
    description:
      "Fournisseur, proxies (hôte et port seulement), stratégie par boutique et consommation du mois. " +
      "Les clés ne sont jamais renvoyées : '••••' et leurs 4 derniers caractères.",
    ok: { schema: R.RAny, description: "Réglages, boutiques et consommation du mois" },
  },
  {
    method: "put",
    path: "/api/access",
    tag: "Accès aux sites",
    summary: "Enregistrer l'accès aux sites (propriétaire)",
    description:
      "Une clé ou une liste de proxies omise garde celle enregistrée. Les secrets sont chiffrés (AES-256-GCM). " +
      "Le plafond mensuel arrête les relevés payants une fois atteint.",
    body: pick(access, "ZAccessSettings"),
    ok: { schema: R.RAny, description: "message et réglages" },
    errors: [403, 422],
  },
  {
    method: "put",
    path: "/api/access/shops",
    tag: "Accès aux sites",
    summary: "Stratégie d'une boutique (propriétaire)",
    body: pick(access, "ZShopStrategy"),
    ok: { schema: R.RAny, description: "message, boutique et stratégie" },
    errors: [403, 422],
  },

  // Divers
  {
    method: "get",
    path: "/api/health",
    tag: "Divers",
    auth: "none",
    summary: "Santé du service",
    ok: { schema: R.RAny, description: "La base répond (503 sinon)" },
    errors: [503],
  },
  {
    method: "post",
    path: "/api/contact",
    tag: "Divers",
    auth: "none",
    summary: "Formulaire de contact",
    body: pick(contact, "ZContact"),
    ok: { schema: R.RMessage, description: "Message envoyé" },
    errors: [429],
  },
  {
    method: "post",
    path: "/api/webhooks/stripe",
    tag: "Divers",
    auth: "signature",
    summary: "Événements Stripe",
    description: "Corps brut, signature `Stripe-Signature` vérifiée ; réservé à Stripe.",
    body: "raw",
    ok: { schema: R.RAny, description: "Événement traité" },
    errors: [400],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Divers",
    auth: "none",
    summary: "Ce document OpenAPI",
    ok: { schema: R.RAny, description: "Document OpenAPI 3.1" },
  },
  ...INSIGHTS_OPERATIONS,
  ...HEALTH_OPERATIONS,
  ...FEED_OPERATIONS,
];

/** Route files that are plumbing, not API: they are left out of the document on purpose. */
export const INTERNAL_ROUTES = [
  { path: "/api/auth/[...nextauth]", reason: "Sessions du navigateur (next-auth)" },
  { path: "/api/inngest", reason: "Point d'entrée Inngest, appelé et signé par Inngest" },
];
