import { NextResponse } from "next/server";
import type { ApiError } from "./api-error";

export function json<T>(data: T, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(data, { status, headers });
}

export function errorResponse(error: ApiError): NextResponse {
  const headers: Record<string, string> = {};
  const retry = error.extra?.retryAfterSeconds;
  if (typeof retry === "number") headers["Retry-After"] = String(retry);
  return NextResponse.json(
    { detail: error.message, code: error.code, ...(error.extra ?? {}) },
    { status: error.status, headers },
  );
}
