import { describe, expect, it } from "vitest";
import { addressGroup, clientIp } from "@/lib/http/client-ip";

const ip = (xff: string | null, trustedProxies: string[] = [], extra: Record<string, string> = {}, vercel = false) =>
  clientIp(new Headers({ ...(xff === null ? {} : { "x-forwarded-for": xff }), ...extra }), { trustedProxies, vercel });

describe("clientIp", () => {
  it("takes the last hop (the socket peer) when no proxy is trusted, whatever the client wrote before it", () => {
    expect(ip("198.51.100.1")).toBe("198.51.100.1");
    expect(ip("1.2.3.4, 198.51.100.1")).toBe("198.51.100.1");
    expect(ip("garbage, 198.51.100.1")).toBe("198.51.100.1");
  });

  it("skips trusted proxies from the right (addresses and CIDRs, IPv4 and IPv6)", () => {
    expect(ip("203.0.113.5, 10.1.2.3", ["10.0.0.0/8"])).toBe("203.0.113.5");
    expect(ip("6.6.6.6, 203.0.113.5, 10.1.2.3, 10.0.0.1", ["10.0.0.0/8"])).toBe("203.0.113.5");
    expect(ip("203.0.113.5, ::ffff:10.0.0.1", ["10.0.0.1"])).toBe("203.0.113.5");
    expect(ip("2001:db8::1, fd00::2", ["fd00::/8"])).toBe("2001:db8:0:0::/64");
    expect(ip("203.0.113.5, 10.0.0.1", ["10.0.0.2"])).toBe("10.0.0.1");
  });

  it("is unknown (null) without a usable address, so that such clients never share one bucket by name", () => {
    expect(ip(null)).toBeNull();
    expect(ip("")).toBeNull();
    expect(ip("not-an-ip, 10.0.0.1", ["10.0.0.1"])).toBeNull();
    expect(ip(null, [], { "x-real-ip": "198.51.100.2" })).toBeNull();
  });

  it("reads the platform's header on Vercel only", () => {
    const extra = { "x-vercel-forwarded-for": "198.51.100.3" };
    expect(ip("10.0.0.1", [], extra, true)).toBe("198.51.100.3");
    expect(ip("10.0.0.1", [], extra, false)).toBe("10.0.0.1");
  });
});

describe("addressGroup", () => {
  it("keys an IPv6 client by its /64 network and leaves IPv4 alone", () => {
    expect(addressGroup("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:DB8:1:2::ffff")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:0:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
    // the loopback is one host: shown as itself in the audit log, not as "0:0:0:0::/64"
    expect(addressGroup("::1")).toBe("::1");
    expect(addressGroup("0:0:0:0:0:0:0:1")).toBe("::1");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(addressGroup("1:2:3:4:5:6:192.0.2.1")).toBe("1:2:3:4::/64");
    expect(addressGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressGroup("198.51.100.7")).toBe("198.51.100.7");
  });
});
