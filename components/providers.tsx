"use client";

import { SessionProvider } from "next-auth/react";
import type { Session } from "next-auth";
import type { ReactNode } from "react";
import { SWRConfig } from "swr";
import { SWR_OPTIONS } from "@/client/swr-options";

export function Providers({ children, session }: { children: ReactNode; session?: Session | null }) {
  return (
    <SessionProvider session={session}>
      <SWRConfig value={SWR_OPTIONS}>{children}</SWRConfig>
    </SessionProvider>
  );
}
