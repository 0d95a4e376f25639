import { Inngest } from "inngest";
import { env } from "@/lib/env";

// Used only when env.inngestEnabled (INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY set) or INNGEST_DEV=1;
// INNGEST_BASE_URL points at a self-hosted Inngest.
export const inngest = new Inngest({
  id: "veilleprix",
  eventKey: env.INNGEST_EVENT_KEY,
  signingKey: env.INNGEST_SIGNING_KEY,
  baseUrl: env.INNGEST_BASE_URL,
  // dev mode (unsigned requests run functions) only when the operator asked for it: never inferred
  isDev: env.INNGEST_DEV,
});
