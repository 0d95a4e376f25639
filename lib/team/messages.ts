// French answers of the team routes (members, invitations), given their status in lib/http/error-table.ts.
export const TEAM_MSG = {
  alreadyMember: "Cette personne est déjà membre de cet espace.",
  memberNotFound: "Membre introuvable dans cet espace",
  invitationNotFound: "Invitation introuvable",
  lastOwner: "Cet espace doit garder au moins un propriétaire : nommez d'abord un autre propriétaire.",
  invalidInvitation: "Lien d'invitation invalide. Vérifiez que vous avez copié le lien en entier.",
  expiredInvitation: "Cette invitation a expiré. Demandez au propriétaire de l'espace de vous en envoyer une nouvelle.",
  revokedInvitation: "Cette invitation a été annulée par le propriétaire de l'espace.",
  usedInvitation: "Cette invitation a déjà été acceptée : elle ne peut servir qu'une fois.",
} as const;

export const wrongAccount = (email: string) =>
  `Cette invitation a été envoyée à ${email} : connectez-vous avec cette adresse pour l'accepter.`;
export const seatLimitMessage = (n: number) =>
  `Vous avez atteint la limite de ${n} membre${n > 1 ? "s" : ""} (invitations en attente comprises). Veuillez passer à un abonnement supérieur.`;
