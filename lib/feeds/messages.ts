import { AppError } from "@/lib/errors/app-error";

/** The start of a duplicate row's reason: the report ranks these rows as warnings, not errors. */
export const DUPLICATE_SKU = "Référence (SKU) en double dans le fichier";

/** The feeds' French texts, shown as they are (API answers, run errors, report reasons). */
export const FEED_MSG = {
  notFound: "Flux introuvable",
  runNotFound: "Exécution introuvable",
  nameRequired: "Le nom du flux est obligatoire",
  nameTooLong: "Le nom du flux ne doit pas dépasser 100 caractères",
  urlRequired: "L'adresse du flux est obligatoire",
  frequency: "La fréquence doit être hourly, daily ou weekly",
  format: "Format de flux inconnu",
  mappingColumn: (column: string) => `La colonne « ${column.slice(0, 80)} » n'existe pas dans le flux`,
  mappingRequired: "Choisissez les colonnes de la référence (SKU) et du nom du produit",
  running: "Une exécution de ce flux est déjà en cours",
  unreadable: "Le flux est illisible : ni un fichier CSV, ni un fichier XLSX, ni un flux XML (RSS ou Atom)",
  noItems: "Le flux XML ne contient aucun article (<item> ou <entry>)",
  xmlTooDeep: "Le flux XML est trop imbriqué pour être lu",
  tooManyRows: (max: number) => `Le flux dépasse la limite de ${max.toLocaleString("fr-FR")} lignes`,
  httpStatus: (status: number) =>
    status === 404
      ? "Le flux est introuvable à cette adresse (erreur 404)"
      : `Le serveur du flux a répondu par une erreur (HTTP ${status})`,
  missingColumn: (field: string, column: string) =>
    `La colonne « ${column.slice(0, 80)} » choisie pour ${field} est absente du flux`,
  skuMissing: "Référence (SKU) manquante",
  duplicateSku: (line: number) => `${DUPLICATE_SKU} (déjà ligne ${line})`,
  overLimit: (max: number) =>
    `Limite de ${max.toLocaleString("fr-FR")} produits de votre plan atteinte : produit non créé`,
  tooLarge: "Le fichier dépasse la taille maximale autorisée (25 Mo)",
  notFileFeed: "Ce flux est relu depuis une adresse : il ne reçoit pas de fichier",
  failed: "L'exécution du flux a échoué : les lignes déjà traitées sont conservées",
} as const;

/** A source the run cannot read: a 422 at creation, the run's French error in a job. */
export const feedError = (detail: string) => new AppError("feed_unreadable", { detail });
