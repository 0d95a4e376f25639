"use client";

import { cn } from "@/lib/cn";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { DropdownMenu } from "radix-ui";

const ITEM =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-zinc-700 outline-none " +
  "hover:bg-zinc-100 hover:text-zinc-900 data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900";

/** Menu button labelled with the first name: Tableau de bord, Déconnexion (Radix DropdownMenu). */
export function UserMenu({ firstName, email }: { firstName: string | null; email?: string | null }) {
  const label = firstName || "Utilisateur";

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={cn(
          "group flex h-9 items-center gap-2 rounded-full border border-zinc-200 bg-white py-1 pr-3 pl-1 text-sm",
          "font-medium text-zinc-800 shadow-xs hover:border-zinc-300 hover:bg-zinc-50",
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
        >
          {label.charAt(0).toUpperCase()}
        </span>
        <span className="max-w-32 truncate">{label}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="size-4 text-zinc-500 transition-transform group-data-[state=open]:rotate-180"
        >
          <path
            fillRule="evenodd"
            d={
              "M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 " +
              "1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
            }
            clipRule="evenodd"
          />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 w-56 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-lg"
        >
          {email ? (
            <DropdownMenu.Label className="mb-1 truncate border-b border-zinc-100 px-3 pt-1.5 pb-2.5 text-xs text-zinc-600">
              {email}
            </DropdownMenu.Label>
          ) : null}
          <DropdownMenu.Item asChild className={ITEM}>
            <Link href="/dashboard">Tableau de bord</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => void signOut({ callbackUrl: "/login" })}>
            Déconnexion
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
