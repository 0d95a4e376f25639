"use client";

import Link from "next/link";
import { useWorkspaceRole } from "@/client/use-current-user";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

const LINKS = [
  { href: "/products", label: "Produits surveillés", hint: "Vos produits et leurs prix" },
  { href: "/subscriptions", label: "Abonnements", hint: "Plans et facturation" },
  { href: "/access", label: "Accès aux sites", hint: "Proxies, API de scraping et plafond" },
  { href: "/data-health", label: "Santé des données", hint: "URLs bloquées, en retard, à corriger" },
  { href: "/products", label: "Ajouter un produit", hint: "Suivre un nouveau produit", write: true },
];

/** The dashboard's shortcuts; a Lecteur, who adds nothing, gets no 'Ajouter un produit'. */
export function QuickLinks() {
  const { canEdit } = useWorkspaceRole();
  return (
    <Card>
      <CardHeader title="Accès rapides" />
      <CardBody className="p-2 sm:p-2">
        <ul>
          {LINKS.filter((l) => canEdit || !l.write).map((l) => (
            <li key={l.label}>
              <Link
                href={l.href}
                className="group flex items-center justify-between gap-3 rounded-lg px-3 py-2.5 hover:bg-zinc-50 sm:px-4"
              >
                <span>
                  <span className="block text-sm font-medium text-zinc-900">{l.label}</span>
                  <span className="block text-xs text-zinc-500">{l.hint}</span>
                </span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  fill="currentColor"
                  className="size-4 text-zinc-500 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600"
                >
                  <path
                    fillRule="evenodd"
                    d={
                      "M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 " +
                      "1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                    }
                    clipRule="evenodd"
                  />
                </svg>
              </Link>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
