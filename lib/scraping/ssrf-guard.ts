// SSRF guard (DESIGN.md §7): pure functions, no DNS, no I/O. `allowPrivate` comes from the caller
// (env.SCRAPER_ALLOW_PRIVATE_HOSTS in the app) so tests can exercise the guard with the setting off.
import { isIP } from "node:net";
import { ScrapeError } from "./scrape-error";

export type TAddressClass =
  | "public"
  | "loopback"
  | "private"
  | "cgnat"
  | "link_local"
  | "multicast"
  | "reserved"
  | "unspecified"
  | "mapped";

export type TGuardOptions = { allowPrivate: boolean };

export type TCheckedUrl = {
  url: URL;
  /** Host name without brackets, lower case. */
  host: string;
  port: number;
  /** The IP address when the host is written as one (any spelling), normalised; null for a DNS name. */
  literal: string | null;
};

const ALLOWED_PORTS = (port: number) => port === 80 || port === 443 || (port >= 8080 && port <= 8443);

// Reachable only with allowPrivate; everything else that is not public is refused in every mode
// (link-local keeps 169.254.169.254, the cloud metadata service, out of reach even for local demos).
const PRIVATE_CLASSES: ReadonlySet<TAddressClass> = new Set(["loopback", "private", "cgnat"]);

const V4_RANGES: Array<[number, number, TAddressClass]> = [
  [0x00000000, 8, "unspecified"], // 0.0.0.0/8 "this network"
  [0x0a000000, 8, "private"], // 10/8
  [0x64400000, 10, "cgnat"], // 100.64/10
  [0x7f000000, 8, "loopback"], // 127/8
  [0xa9fe0000, 16, "link_local"], // 169.254/16
  [0xac100000, 12, "private"], // 172.16/12
  [0xc0000000, 24, "reserved"], // 192.0.0/24 IETF protocol assignments
  [0xc0000200, 24, "reserved"], // 192.0.2/24 TEST-NET-1
  [0xc0586300, 24, "reserved"], // 192.88.99/24 6to4 relay
  [0xc0a80000, 16, "private"], // 192.168/16
  [0xc6120000, 15, "reserved"], // 198.18/15 benchmarking
  [0xc6336400, 24, "reserved"], // 198.51.100/24 TEST-NET-2
  [0xcb007100, 24, "reserved"], // 203.0.113/24 TEST-NET-3
  [0xe0000000, 4, "multicast"], // 224/4
  [0xf0000000, 4, "reserved"], // 240/4 and 255.255.255.255
];

function inRange(value: number, base: number, bits: number): boolean {
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
  return (value & mask) >>> 0 === base;
}

/**
 * IPv4 in any spelling inet_aton accepts ("2130706433", "0177.0.0.1", "0x7f.1", "127.1"), as a 32-bit
 * number; null when the text is not an IPv4 address.
 */
export function parseIpv4Loose(text: string): number | null {
  const parts = text.split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop(); // trailing dot of a FQDN
  const nums: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255)) return null;
  const lastMax = 2 ** (8 * (4 - nums.length)) - 1;
  if (last > lastMax) return null;
  let value = 0;
  nums.forEach((n, i) => (value += n * 2 ** (8 * (3 - i))));
  return value + last;
}

const v4ToString = (v: number) => [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join(".");

function classifyV4(value: number): TAddressClass {
  for (const [base, bits, cls] of V4_RANGES) if (inRange(value, base, bits)) return cls;
  return "public";
}

/** The 8 16-bit groups of an IPv6 address (embedded IPv4 tail accepted); null when invalid. */
function parseIpv6(text: string): number[] | null {
  let s = text.toLowerCase();
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (isIP(s) !== 6) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(":");
  const maybeV4 = s.slice(lastColon + 1);
  if (maybeV4.includes(".")) {
    const v4 = parseIpv4Loose(maybeV4);
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = s.split("::") as [string, string | undefined];
  const headGroups = head ? head.split(":") : [];
  const restGroups = rest !== undefined && rest !== "" ? rest.split(":") : [];
  const fill = rest !== undefined ? 8 - headGroups.length - restGroups.length : 0;
  const groups = [...headGroups, ...Array(fill).fill("0"), ...restGroups].map((g) => parseInt(g, 16));
  if (groups.length !== 8 || groups.some((g) => !Number.isFinite(g))) return null;
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

function classifyV6(g: number[]): TAddressClass {
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && g[5] === 0xffff) return "mapped"; // ::ffff:a.b.c.d
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  if (zeroHead && g[5] === 0) return "mapped"; // ::a.b.c.d (IPv4-compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b) return "mapped"; // NAT64 64:ff9b::/96 and 64:ff9b:1::/48
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return "link_local"; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return "reserved"; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return "multicast"; // ff00::/8
  // Global unicast is 2000::/3, minus documentation and tunnelling prefixes that embed other addresses.
  if ((first & 0xe000) !== 0x2000) return "reserved";
  if (first === 0x2001 && g[1]! < 0x0200) return "reserved"; // 2001::/23 (Teredo, benchmarking, ORCHID)
  if (first === 0x2001 && g[1] === 0x0db8) return "reserved"; // 2001:db8::/32 documentation
  if (first === 0x2002) return "mapped"; // 6to4 embeds an IPv4 address
  if ((first & 0xfff0) === 0x3ff0) return "reserved"; // 3fff::/20 documentation
  return "public";
}

/** Normalised IP text of a host written as an IP (brackets, loose IPv4 spellings); null for a DNS name. */
export function parseIpLiteral(host: string): { address: string; family: 4 | 6 } | null {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (h.includes(":")) {
    const groups = parseIpv6(h);
    return groups ? { address: groups.map((x) => x.toString(16)).join(":"), family: 6 } : null;
  }
  const v4 = parseIpv4Loose(h);
  return v4 === null ? null : { address: v4ToString(v4), family: 4 };
}

/** Which kind of network an IP address belongs to. Unparsable text is "reserved" (refused). */
export function classifyAddress(ip: string): TAddressClass {
  const literal = parseIpLiteral(ip);
  if (!literal) return "reserved";
  if (literal.family === 4) return classifyV4(parseIpv4Loose(literal.address)!);
  return classifyV6(parseIpv6(literal.address)!);
}

const CLASS_LABEL: Record<TAddressClass, string> = {
  public: "publique",
  loopback: "locale (loopback)",
  private: "d'un réseau privé",
  cgnat: "d'un réseau partagé (CGNAT)",
  link_local: "lien-local",
  multicast: "multicast",
  reserved: "réservée",
  unspecified: "non spécifiée",
  mapped: "IPv4 encapsulée dans IPv6",
};

/** Throws unless the resolved address may be reached on that port. */
export function assertAddressAllowed(ip: string, port: number, options: TGuardOptions): void {
  const cls = classifyAddress(ip);
  if (cls === "public") {
    if (!ALLOWED_PORTS(port)) throw portError(port);
    return;
  }
  if (options.allowPrivate && PRIVATE_CLASSES.has(cls)) return;
  throw new ScrapeError("blocked_address", `Adresse refusée : ${ip} est une adresse ${CLASS_LABEL[cls]}`, false);
}

function portError(port: number) {
  return new ScrapeError("blocked_port", `Port ${port} refusé : seuls 80, 443 et 8080 à 8443 sont autorisés`, false);
}

/**
 * Checks what can be checked without DNS: scheme, credentials, port, IP literals in any spelling.
 * The caller must then resolve `host` (when `literal` is null) and pass every address to assertAddressAllowed.
 */
export function checkUrl(input: string | URL, options: TGuardOptions): TCheckedUrl {
  let url: URL;
  try {
    url = typeof input === "string" ? new URL(input) : new URL(input.href);
  } catch {
    throw new ScrapeError("invalid_url", "Adresse de page invalide", false);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ScrapeError("invalid_url", "Seules les adresses http et https sont acceptées", false);
  }
  if (url.username || url.password) {
    throw new ScrapeError("invalid_url", "Les adresses avec identifiants ne sont pas acceptées", false);
  }
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (!host) throw new ScrapeError("invalid_url", "Adresse de page invalide", false);
  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (!options.allowPrivate && !ALLOWED_PORTS(port)) throw portError(port);
  const literal = parseIpLiteral(host);
  if (literal) assertAddressAllowed(literal.address, port, options);
  // a trailing dot names the same host ("localhost." is localhost)
  else if (/(^|\.)localhost\.*$/.test(host)) {
    if (!options.allowPrivate) throw new ScrapeError("blocked_address", "Adresse refusée : hôte local", false);
  }
  return { url, host, port, literal: literal?.address ?? null };
}
