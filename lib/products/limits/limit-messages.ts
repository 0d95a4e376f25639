// Pure: the SPEC.md §5 limit texts, for the client-side checks (the server answers the same texts).
export const productLimitMessage = (n: number) =>
  `Vous avez atteint la limite de ${n} produits. Veuillez passer à un abonnement supérieur.`;
export const urlLimitMessage = (n: number) =>
  `Vous avez atteint la limite de ${n} URLs par produit. Veuillez passer à un abonnement supérieur.`;
export const HOURLY_NOT_ALLOWED =
  "Le suivi toutes les heures est réservé aux abonnements avec automatisation. Veuillez passer à un abonnement supérieur.";
