// Runs once when the server starts (DESIGN.md §3): configuration check, then the embedded job runner.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertProductionEnv, env } = await import("@/lib/env");
  assertProductionEnv();
  if (env.SCRAPER_ALLOW_PRIVATE_HOSTS) {
    console.warn("[veilleprix] SCRAPER_ALLOW_PRIVATE_HOSTS=1 : le scraper peut joindre les adresses locales et privées.");
  }
}
