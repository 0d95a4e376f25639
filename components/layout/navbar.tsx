"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { useCurrentUser } from "@/client/use-current-user";
import { USER_MENU_BUTTON, UserMenuFace } from "./user-menu-face";
import { WorkspaceSwitcher } from "./workspace-switcher";

// Radix DropdownMenu and sign-out load only for a signed-in user (React.lazy: public pages ship no loader either);
// the button's face (initial and first name) is drawn while they arrive.
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));

type NavLink = { href: string; label: string };

const PUBLIC_LINKS: NavLink[] = [{ href: "/", label: "Accueil" }];
const PRIVATE_LINKS: NavLink[] = [
  { href: "/", label: "Accueil" },
  { href: "/products", label: "Produits surveillés" },
  { href: "/market", label: "Vue marché" },
  { href: "/data-health", label: "Santé des données" },
  { href: "/dashboard", label: "Tableau de bord" },
];

function isActive(pathname: string, href: string) {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The site header. The register buttons' classes come from the server (components/ui/button merges them with
 * tailwind-merge, which a page of plain links need not download).
 */
export function Navbar({ registerClasses }: { registerClasses: { bar: string; menu: string } }) {
  const pathname = usePathname() ?? "/";
  const { user } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  const links = user ? PRIVATE_LINKS : PUBLIC_LINKS;
  // a member's five links, workspace switcher and menu share one line from 1280 px only (at 1024 they wrapped):
  // below that, the menu button
  const wide = user
    ? { bar: "xl:flex", button: "xl:hidden", menu: "xl:hidden" }
    : { bar: "md:flex", button: "md:hidden", menu: "md:hidden" };
  const linkClass = (href: string, layout = "py-2") =>
    `rounded-md px-3 ${layout} text-sm font-medium transition-colors ${
      isActive(pathname, href) ? "text-zinc-900 bg-zinc-100" : "text-zinc-600 hover:text-zinc-900 hover:bg-zinc-100/70"
    }`;

  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white">
      <nav aria-label="Navigation principale" className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-base font-semibold tracking-tight text-zinc-900">
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-lg bg-brand-600 text-white"
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4">
              <path d="M3 14l4-4 3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
          VeillePrix
        </Link>

        <ul className={`ml-4 hidden items-center gap-1 ${wide.bar}`}>
          {links.map((l) => (
            <li key={l.href}>
              <Link
                href={l.href}
                className={linkClass(l.href, "py-2 whitespace-nowrap")}
                aria-current={isActive(pathname, l.href) ? "page" : undefined}
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex min-w-0 items-center gap-2">
          {user ? <WorkspaceSwitcher user={user} /> : null}
          {user ? (
            <Suspense
              fallback={
                <span className={USER_MENU_BUTTON}>
                  <UserMenuFace firstName={user.firstName} />
                </span>
              }
            >
              <UserMenu firstName={user.firstName} email={user.email} />
            </Suspense>
          ) : (
            <div className="hidden items-center gap-2 md:flex">
              <Link
                href="/login"
                className={linkClass("/login")}
                aria-current={pathname === "/login" ? "page" : undefined}
              >
                Connexion
              </Link>
              <Link href="/register" className={registerClasses.bar}>
                Inscription
              </Link>
            </div>
          )}
          <button
            type="button"
            className={`inline-flex size-10 items-center justify-center rounded-lg text-zinc-700 hover:bg-zinc-100 ${wide.button}`}
            aria-expanded={menuOpen}
            aria-controls="menu-mobile"
            aria-label={menuOpen ? "Fermer le menu" : "Ouvrir le menu"}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="size-5"
            >
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </nav>

      <div id="menu-mobile" hidden={!menuOpen} className={`border-t border-zinc-200 bg-white ${wide.menu}`}>
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {links.map((l) => (
            <li key={l.href}>
              <Link
                href={l.href}
                className={linkClass(l.href, "block py-2.5")}
                aria-current={isActive(pathname, l.href) ? "page" : undefined}
              >
                {l.label}
              </Link>
            </li>
          ))}
          {!user ? (
            <>
              <li>
                <Link href="/login" className={linkClass("/login", "block py-2.5")}>
                  Connexion
                </Link>
              </li>
              <li className="pt-2">
                <Link href="/register" className={registerClasses.menu}>
                  Inscription
                </Link>
              </li>
            </>
          ) : null}
        </ul>
      </div>
    </header>
  );
}
