// The "bare" server of scripts/e2e.mjs: `NODE_ENV=production next start` with NEXTAUTH_SECRET and APP_URL only.
export const BARE_URL = process.env.SECURITY_BASE_URL ?? "";

if (!BARE_URL) throw new Error("SECURITY_BASE_URL manquant : lancez ces tests par `npm run test:e2e`");

export function bare(path: string): string {
  return `${BARE_URL}${path}`;
}
