import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

function buildTrusted(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

let trusted: { entries: string[]; list: BlockList } | undefined;

function isTrusted(address: string, entries: string[]): boolean {
  if (trusted?.entries !== entries) trusted = { entries, list: buildTrusted(entries) };
  const family = isIP(address);
  if (!family) return false;
  if (family === 4) return trusted.list.check(address, "ipv4");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return trusted.list.check(address, "ipv6") || (mapped ? trusted.list.check(mapped, "ipv4") : false);
}

function normalise(hop: string): string {
  const value = hop.trim().replace(/^\[(.*)\](:\d+)?$/, "$1");
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value)?.[1];
  return v4WithPort ?? value;
}

/**
 * An IPv6 client as its /64 network ("2001:db8:0:1::/64"): one subscriber holds a whole /64, so a limit per
 * address would be one per throwaway address. IPv4 (and IPv4-mapped IPv6) stays the address.
 */
export function addressGroup(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (isIP(address) !== 6) return address;
  const bare = address.split("%")[0]!.toLowerCase();
  // the loopback is one host, not a subscriber's network: shown as itself (the audit log's "::1")
  if (/^(0{0,4}:){7}0{0,3}1$|^::1$/.test(bare)) return "::1";
  const [head = "", tail] = bare.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  // an embedded IPv4 tail stands for two groups
  const width = [...left, ...right].reduce((n, g) => n + (g.includes(".") ? 2 : 1), 0);
  const all = [...left, ...Array<string>(tail === undefined ? 0 : 8 - width).fill("0"), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * The client's address (an IPv6 one as its /64, see addressGroup), or null when unknown; every caller keys a
 * rate limit with it. X-Forwarded-For is read from the right: its last hop is the
 * socket peer (appended by lib/http/record-peer-address.ts, as Next only sets the header when absent), and
 * every hop that is a configured proxy (TRUSTED_PROXIES) is skipped; the first untrusted one is the client.
 * On Vercel (VERCEL=1) the platform's own x-vercel-forwarded-for is used.
 */
export function clientIp(
  headers: Headers,
  options: { trustedProxies?: string[]; vercel?: boolean } = {},
): string | null {
  const vercel = options.vercel ?? env.VERCEL;
  if (vercel) {
    const platform = headers.get("x-vercel-forwarded-for")?.split(",")[0];
    if (platform && isIP(normalise(platform))) return addressGroup(normalise(platform));
  }
  const proxies = options.trustedProxies ?? env.TRUSTED_PROXIES;
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map(normalise).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isIP(hop)) return null;
    if (i === 0 || !isTrusted(hop, proxies)) return addressGroup(hop);
  }
  return null;
}
