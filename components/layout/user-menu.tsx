"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";
import { DropdownMenu } from "radix-ui";
import { USER_MENU_BUTTON, UserMenuFace } from "./user-menu-face";

const ITEM =
  "flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-zinc-700 outline-none " +
  "hover:bg-zinc-100 hover:text-zinc-900 data-[highlighted]:bg-zinc-100 data-[highlighted]:text-zinc-900";

/** Menu button labelled with the first name: Tableau de bord, Déconnexion (Radix DropdownMenu). */
export function UserMenu({ firstName, email }: { firstName: string | null; email?: string | null }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={USER_MENU_BUTTON}>
        <UserMenuFace firstName={firstName} />
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
