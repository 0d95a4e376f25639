import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type TLegalSection = { id: string; title: string; content: ReactNode };

export const LEGAL_PAGES = [
  { href: "/legal/terms", label: "Conditions d'utilisation" },
  { href: "/legal/privacy", label: "Politique de confidentialité" },
  { href: "/legal/cookies", label: "Politique de cookies" },
  { href: "/legal/mentions", label: "Mentions légales" },
] as const;

// Typographic rules for the legal text (no typography plugin in the project).
const PROSE =
  "text-[15px] leading-7 text-zinc-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 " +
  "[&_a:hover]:text-brand-800 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_li]:pl-1 " +
  "[&_strong]:font-semibold [&_strong]:text-zinc-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-zinc-900";

type Props = {
  path: (typeof LEGAL_PAGES)[number]["href"];
  title: string;
  /** "13 mai 2025" */
  updated?: string;
  intro?: ReactNode;
  sections: TLegalSection[];
};

/** A legal document: title, update date, table of contents, numbered sections. */
export function LegalPage({ path, title, updated, intro, sections }: Props) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
      <div className="grid gap-12 lg:grid-cols-[15rem_1fr]">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <nav aria-label="Documents légaux">
            <p className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">Informations légales</p>
            <ul className="mt-3 flex flex-wrap gap-2 lg:flex-col lg:gap-1">
              {LEGAL_PAGES.map((p) => (
                <li key={p.href}>
                  <Link
                    href={p.href}
                    aria-current={p.href === path ? "page" : undefined}
                    className={cn(
                      "block rounded-md px-3 py-1.5 text-sm",
                      p.href === path
                        ? "bg-brand-50 font-medium text-brand-800 ring-1 ring-brand-100"
                        : "text-zinc-600 ring-1 ring-zinc-200 hover:bg-zinc-100 hover:text-zinc-900 lg:ring-0",
                    )}
                  >
                    {p.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <article className="min-w-0 rounded-2xl bg-white p-6 shadow-xs ring-1 ring-zinc-200 sm:p-10">
          <header className="border-b border-zinc-100 pb-6">
            <h1 className="text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl">{title}</h1>
            {updated ? <p className="mt-3 text-sm text-zinc-500">Dernière mise à jour : {updated}</p> : null}
            {intro ? <div className={cn(PROSE, "mt-2")}>{intro}</div> : null}
          </header>
          <nav aria-label="Sommaire" className="mt-6 rounded-xl bg-zinc-50 p-5 ring-1 ring-zinc-100">
            <p className="text-sm font-semibold text-zinc-900">Sommaire</p>
            <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
              {sections.map((s, i) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-zinc-600 hover:text-brand-700 hover:underline">
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-titre`} className="mt-10 scroll-mt-24">
              <h2 id={`${s.id}-titre`} className="text-xl font-semibold tracking-tight text-zinc-900">
                {i + 1}. {s.title}
              </h2>
              <div className={PROSE}>{s.content}</div>
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
