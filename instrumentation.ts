// Runs once when the server starts. The Node.js-only work lives in lib/start-server.ts, imported under this
// exact test so that the Edge build of this file (the proxy) drops it: Next.js inlines NEXT_RUNTIME at build time,
// which is why it is read here and not through lib/env.ts (importing that would put it in the Edge build).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/start-server");
    await startServer();
  }
}
