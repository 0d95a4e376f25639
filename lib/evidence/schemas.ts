// French texts of the 'dossiers de preuve' (API answers and UI).
export const EVIDENCE_MSG = {
  notFound: "Dossier de preuve introuvable",
  notReady: "Le dossier de preuve n'est pas encore prêt",
  failed: "La capture de ce dossier de preuve a échoué : il n'y a rien à télécharger",
  blocked: "Capture impossible : la page est protégée par une protection anti-robot",
  limitFallback: "Espace des preuves plein : supprimez un dossier de preuve ou passez à un abonnement supérieur.",
  queued: "Capture de la preuve lancée",
  deleted: "Dossier de preuve supprimé",
} as const;

/** The refusal when the workspace keeps as many captures as its plan allows. */
export function evidenceLimitMessage(planName: string, limit: number): string {
  return `Espace des preuves plein : le plan ${planName} conserve ${limit} dossier${limit > 1 ? "s" : ""} de preuve au plus. Supprimez-en un ou passez à un abonnement supérieur.`;
}
