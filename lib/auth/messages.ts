// The auth forms' messages, SPEC.md §5 to the letter; free of zod so that a page can show them without it.
export const MSG = {
  fillAll: "Veuillez remplir tous les champs",
  allRequired: "Tous les champs sont obligatoires",
  mismatch: "Les mots de passe ne correspondent pas",
  invalidEmail: "Veuillez entrer une adresse email valide",
  password8: "Le mot de passe doit contenir au moins 8 caractères",
  password6: "Le mot de passe doit contenir au moins 6 caractères",
  newPassword8: "Le nouveau mot de passe doit contenir au moins 8 caractères",
  emailRequired: "Veuillez saisir votre adresse email",
} as const;
