// The feed tests' calls: a workspace to import into, uploads, runs driven to their end.
import { NextRequest } from "next/server";
import { expect } from "vitest";
import { POST as runFeed } from "@/app/api/feeds/[feedId]/runs/route";
import { GET as getRun } from "@/app/api/feeds/[feedId]/runs/[runId]/route";
import { POST as uploadFeedVersion } from "@/app/api/feeds/[feedId]/upload/route";
import { POST as uploadFeed } from "@/app/api/feeds/upload/route";
import { POST as createProduct } from "@/app/api/products/route";
import { settleLocalJobs } from "@/lib/workers/local-jobs";
import { call, signUp } from "./api";

/** A workspace holding 'CHG-1' under another name and 'GONE-1', which no feed names (nor reports gone). */
export async function workspace() {
  const who = await signUp();
  for (const body of [
    { name: "Ancien nom", sku: "CHG-1" },
    { name: "Disparu", sku: "GONE-1" },
  ])
    expect((await call(createProduct, "/api/products", { token: who.token, body })).status).toBe(201);
  return who;
}

function uploadRequest(token: string, path: string, name: string, body: string | Uint8Array) {
  const form = new FormData();
  form.set("file", new File([body as BlobPart], name));
  form.set("name", `Flux ${name}`);
  return new NextRequest(`http://localhost:3000${path}`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

export async function upload(token: string, name: string, body: string | Uint8Array) {
  const res = await uploadFeed(uploadRequest(token, "/api/feeds/upload", name, body), { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

/** A new version of a file feed's file: it replaces the file and starts a run (202). */
export async function uploadVersion(token: string, feedId: string, name: string, body: string | Uint8Array) {
  const req = uploadRequest(token, `/api/feeds/${feedId}/upload`, name, body);
  const res = await uploadFeedVersion(req, { params: Promise.resolve({ feedId }) });
  return { status: res.status, json: await res.json() };
}

/** The run once the jobs have settled, as the API shows it. */
export async function runById(token: string, feedId: string, runId: string) {
  await settleLocalJobs();
  const run = await call(getRun, "/x", { token, params: { feedId, runId } });
  expect(run.status).toBe(200);
  return run.json;
}

/** 'Lancer maintenant', the job run to its end, then the run as the API shows it. */
export async function runToEnd(token: string, feedId: string) {
  const started = await call(runFeed, "/x", { method: "POST", token, params: { feedId } });
  expect(started.status).toBe(202);
  return runById(token, feedId, started.json.id);
}

export const reasons = (report: { sku: string; outcome: string; reason: string | null }[]) =>
  report.map((r) => `${r.sku} ${r.outcome}${r.reason ? ` : ${r.reason}` : ""}`);
