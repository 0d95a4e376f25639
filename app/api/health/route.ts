// GET /api/health – 200 when the database answers, 503 otherwise
import { NextResponse } from "next/server";
import { pingDb } from "@/db";

export const dynamic = "force-dynamic";

export async function GET() {
  const ok = await pingDb();
  return NextResponse.json({ status: ok ? "ok" : "unavailable", database: ok }, { status: ok ? 200 : 503 });
}
