// GET/POST/PUT /api/inngest – Inngest serve endpoint. Requests must be signed with INNGEST_SIGNING_KEY (401
// otherwise); unsigned calls run functions only with INNGEST_DEV=1. Without Inngest configured: 404.
import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { functions, inngest } from "@/inngest";
import { AppError } from "@/lib/errors/app-error";
import { errorResponse } from "@/lib/http/json";
import { servesInngest } from "@/lib/jobs/job-provider";

type THandler = (req: NextRequest, ctx: unknown) => Promise<Response>;

const served = servesInngest ? (serve({ client: inngest, functions }) as unknown as Record<string, THandler>) : null;

function handler(method: "GET" | "POST" | "PUT"): THandler {
  return async (req, ctx) => {
    if (!served) return errorResponse(new AppError("inngest_disabled"));
    return served[method](req, ctx);
  };
}

export const GET = handler("GET");
export const POST = handler("POST");
export const PUT = handler("PUT");
