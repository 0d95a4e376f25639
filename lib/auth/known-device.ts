import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/core/is-uuid";
import { getAuthSecret } from "@/lib/secrets";

const MAX_AGE_S = 365 * 24 * 3600;

const cookieName = (email: string) =>
  `vp_device_${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 16)}`;

const sign = (email: string, deviceId: string) =>
  createHmac("sha256", getAuthSecret()).update(`known-device:${email.toLowerCase()}:${deviceId}`).digest("base64url");

/**
 * The cookie a browser gets when it signs in to `email` (one per account, a year, httpOnly, signed with the auth
 * secret): later tries carrying it are counted per device instead of against the besieged account.
 */
export function knownDeviceCookie(email: string) {
  const deviceId = randomUUID();
  const value = `${deviceId}.${sign(email, deviceId)}`;
  const secure = env.appUrl.startsWith("https://");
  return {
    name: cookieName(email),
    value,
    options: { httpOnly: true, sameSite: "lax" as const, path: "/", maxAge: MAX_AGE_S, secure },
    header: `${cookieName(email)}=${value}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
  };
}

/** The device id of a valid known-device cookie for `email` among `cookies` (a Cookie header), else null. */
export function readKnownDevice(cookieHeader: string | null | undefined, email: string): string | null {
  if (!cookieHeader) return null;
  const name = cookieName(email);
  const pair = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  const [deviceId, mac] = (pair?.slice(name.length + 1) ?? "").split(".");
  if (!deviceId || !mac || !isUuid(deviceId)) return null;
  const expected = Buffer.from(sign(email, deviceId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}
