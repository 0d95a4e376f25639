// GET/POST/PUT /api/inngest – Inngest serve endpoint (requests are signed with INNGEST_SIGNING_KEY)
import { serve } from "inngest/next";
import { functions, inngest } from "@/inngest";

export const { GET, POST, PUT } = serve({ client: inngest, functions });
