import Link from "next/link";

const LINKS = [
  { href: "/pricing", label: "Tarifs" },
  { href: "/contact", label: "Contact" },
  { href: "/legal/terms", label: "Conditions d'utilisation" },
  { href: "/legal/privacy", label: "Politique de confidentialité" },
  { href: "/legal/cookies", label: "Cookies" },
  { href: "/legal/mentions", label: "Mentions légales" },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-xs">
          <Link href="/" className="text-base font-semibold tracking-tight text-zinc-900">
            VeillePrix
          </Link>
          <p className="mt-2 text-sm text-zinc-500">
            La veille tarifaire simple pour suivre les prix de vos concurrents et revendeurs.
          </p>
        </div>
        <nav aria-label="Liens du pied de page">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
            {LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className="text-zinc-600 hover:text-zinc-900 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-zinc-100">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-zinc-500 sm:px-6">
          © {year} VeillePrix. Tous droits réservés.
        </p>
      </div>
    </footer>
  );
}
