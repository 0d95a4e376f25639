import { cn } from "@/lib/cn";
import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";
import { Providers } from "@/components/providers";
import { Navbar } from "@/components/layout/navbar";
import { WorkspaceChangedNotice } from "@/components/layout/workspace-changed-notice";
import { Footer } from "@/components/layout/footer";
import { buttonClasses } from "@/components/ui/button";
import { getPageUser } from "@/lib/auth/get-page-user";
import { listWorkspaces } from "@/lib/workspaces";
import { env } from "@/lib/env";

// Every page renders at request time: COMPANY_* and APP_URL (metadataBase, canonical and og links, legal and
// contact pages) are the running server's settings, never the build machine's.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  metadataBase: new URL(env.appUrl),
  title: { default: "VeillePrix – Veille tarifaire et suivi des prix concurrents", template: "%s · VeillePrix" },
  description:
    "VeillePrix surveille les prix de vos concurrents et revendeurs : relevés automatiques, historique, alertes par email et exports.",
  applicationName: "VeillePrix",
};

export const viewport: Viewport = { themeColor: "#3f51d6", width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // pages render per request: Next marks its scripts with that request's CSP nonce (proxy.ts)
  await connection();
  const user = await getPageUser();
  const workspaces = user ? await listWorkspaces(user.id).catch(() => []) : [];
  return (
    <html lang="fr">
      <body className="flex min-h-dvh flex-col">
        <Providers
          user={
            user
              ? {
                  id: user.id,
                  email: user.email,
                  name: user.firstName,
                  firstName: user.firstName,
                  lastName: user.lastName,
                  emailVerified: user.emailVerified,
                  workspaceId: user.workspaceId,
                  role: user.role,
                  workspaces,
                }
              : null
          }
        >
          <a
            href="#contenu"
            className={cn(
              "sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md",
              "focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow",
            )}
          >
            Aller au contenu
          </a>
          <Navbar
            registerClasses={{ bar: buttonClasses("primary", "sm"), menu: buttonClasses("primary", "md", "w-full") }}
          />
          <main id="contenu" className="flex-1">
            <WorkspaceChangedNotice />
            {children}
          </main>
          <Footer />
        </Providers>
      </body>
    </html>
  );
}
