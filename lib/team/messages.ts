// French answers of the team routes (members, invitations); the Équipe page shows them as they come.
export const ALREADY_MEMBER = "Cette personne est déjà membre de cet espace.";
export const MEMBER_NOT_FOUND = "Membre introuvable dans cet espace";
export const INVITATION_NOT_FOUND = "Invitation introuvable";
export const LAST_OWNER = "Cet espace doit garder au moins un propriétaire : nommez d'abord un autre propriétaire.";
export const INVALID_INVITATION = "Lien d'invitation invalide. Vérifiez que vous avez copié le lien en entier.";
export const EXPIRED_INVITATION =
  "Cette invitation a expiré. Demandez au propriétaire de l'espace de vous en envoyer une nouvelle.";
export const REVOKED_INVITATION = "Cette invitation a été annulée par le propriétaire de l'espace.";
export const USED_INVITATION = "Cette invitation a déjà été acceptée : elle ne peut servir qu'une fois.";
export const OWNER_ONLY = "Seul un propriétaire de l'espace peut gérer les membres.";
export const wrongAccount = (email: string) =>
  `Cette invitation a été envoyée à ${email} : connectez-vous avec cette adresse pour l'accepter.`;
export const seatLimitMessage = (n: number) =>
  `Vous avez atteint la limite de ${n} membre${n > 1 ? "s" : ""} (invitations en attente comprises). Veuillez passer à un abonnement supérieur.`;
