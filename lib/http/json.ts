import { NextResponse } from "next/server";
import type { AppError } from "@/lib/errors/app-error";
import { errorBody } from "./error-table";

export function json<T>(data: T, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(data, { status, headers });
}

export function errorResponse(error: AppError): NextResponse {
  const headers: Record<string, string> = {};
  const retry = error.extra?.retryAfterSeconds;
  if (typeof retry === "number") headers["Retry-After"] = String(retry);
  const { status, body } = errorBody(error);
  return NextResponse.json(body, { status, headers });
}
