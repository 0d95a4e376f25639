import { Inngest } from "inngest";
import { env } from "@/lib/env";

// Used only when env.inngestEnabled (INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY set); INNGEST_BASE_URL
// points at a self-hosted Inngest.
export const inngest = new Inngest({
  id: "veilleprix",
  eventKey: env.INNGEST_EVENT_KEY,
  signingKey: env.INNGEST_SIGNING_KEY,
  baseUrl: env.INNGEST_BASE_URL,
  isDev: !env.inngestEnabled && !env.isProduction ? true : undefined,
});
