import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUnsubscribeToken } from "@/lib/alerts/unsubscribe/sign-unsubscribe-token";
import { verifyUnsubscribeToken } from "@/lib/alerts/unsubscribe/verify-unsubscribe-token";

const workspaceId = randomUUID();
const ruleId = randomUUID();

describe("unsubscribe tokens", () => {
  it("round-trip a user scope and a rule scope", () => {
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId }))).toEqual({
      workspaceId,
      ruleId: null,
      userId: null,
    });
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId, ruleId }))).toEqual({
      workspaceId,
      ruleId,
      userId: null,
    });
  });

  it("round-trip a member's scopes (all alerts of a workspace, one rule)", () => {
    const userId = randomUUID();
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId, userId }))).toEqual({
      workspaceId,
      ruleId: null,
      userId,
    });
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId, ruleId, userId }))).toEqual({
      workspaceId,
      ruleId,
      userId,
    });
  });

  it("refuse a member token whose member part is not an id", () => {
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId, userId: "x" }))).toBeNull();
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId, ruleId: "x", userId: randomUUID() }))).toBeNull();
  });

  it("are URL-safe", () => {
    expect(signUnsubscribeToken({ workspaceId, ruleId })).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  it("refuse a payload swapped for another user, or a rule scope widened to all alerts", () => {
    const token = signUnsubscribeToken({ workspaceId, ruleId });
    const [, signature] = token.split(".");
    const otherPayload = Buffer.from(randomUUID()).toString("base64url");
    const widened = Buffer.from(workspaceId).toString("base64url");
    expect(verifyUnsubscribeToken(`${otherPayload}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(`${widened}.${signature}`)).toBeNull();
  });

  it("refuse altered, truncated or foreign signatures", () => {
    const token = signUnsubscribeToken({ workspaceId });
    const last = token.at(-1) === "A" ? "B" : "A";
    expect(verifyUnsubscribeToken(token.slice(0, -1) + last)).toBeNull();
    expect(verifyUnsubscribeToken(token.slice(0, -4))).toBeNull();
    expect(verifyUnsubscribeToken(token.split(".")[0]!)).toBeNull();
    expect(verifyUnsubscribeToken(`${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(signUnsubscribeToken({ workspaceId }, "un-autre-secret-de-production"))).toBeNull();
    expect(verifyUnsubscribeToken("")).toBeNull();
  });

  it("refuse a correctly signed payload that is not a user id", () => {
    // signing arbitrary text needs the secret; this checks the payload validation after the signature
    const forged = signUnsubscribeToken({ workspaceId: "pas-un-uuid" });
    expect(verifyUnsubscribeToken(forged)).toBeNull();
  });
});
