import { timingSafeEqual } from "node:crypto";
import { demoSignature } from "./sign-demo-session";

const SHAPE = /^demo_(\d{1,9})_(\d{1,12})_([a-f0-9]{16})_([a-f0-9]{32})$/;

/** The plan and expiry of a demo session id signed for this user, or null (malformed, forged or someone else's). */
export function verifyDemoSession(
  workspaceId: string,
  sessionId: string,
): { planId: number; exp: number; nonce: string } | null {
  const m = SHAPE.exec(sessionId);
  if (!m) return null;
  const planId = Number(m[1]);
  const exp = Number(m[2]);
  const nonce = m[3]!;
  const expected = Buffer.from(demoSignature(workspaceId, planId, exp, nonce));
  const given = Buffer.from(m[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { planId, exp, nonce };
}
