import { describe, expect, it } from "vitest";
import { resolveGuarded } from "@/lib/scraping/fetch-page";
import { ScrapeError } from "@/lib/scraping/scrape-error";
import { assertAddressAllowed, checkUrl, classifyAddress, parseIpLiteral } from "@/lib/scraping/ssrf-guard";

const off = { allowPrivate: false };
const on = { allowPrivate: true };

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ScrapeError);
    return (error as ScrapeError).code;
  }
  throw new Error("expected a refusal");
}

describe("ssrf guard, setting off", () => {
  it.each([
    ["http://127.0.0.1/", "loopback"],
    ["http://localhost/", null],
    ["http://localhost./", null],
    ["http://app.LOCALHOST../", null],
    ["http://10.1.2.3/", "private"],
    ["http://172.16.0.1/", "private"],
    ["http://172.31.255.255/", "private"],
    ["http://192.168.1.1/", "private"],
    ["http://169.254.169.254/latest/meta-data/", "link_local"],
    ["http://100.64.0.1/", "cgnat"],
    ["http://224.0.0.1/", "multicast"],
    ["http://239.255.255.250/", "multicast"],
    ["http://240.0.0.1/", "reserved"],
    ["http://255.255.255.255/", "reserved"],
    ["http://192.0.2.10/", "reserved"],
    ["http://198.18.0.1/", "reserved"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://[::1]/", "loopback"],
    ["http://[::]/", "unspecified"],
    ["http://[fe80::1]/", "link_local"],
    ["http://[fc00::1]/", "private"],
    ["http://[fd12:3456::1]/", "private"],
    ["http://[ff02::1]/", "multicast"],
    ["http://[::ffff:127.0.0.1]/", "mapped"],
    ["http://[::ffff:8.8.8.8]/", "mapped"],
    ["http://[::ffff:7f00:1]/", "mapped"],
    ["http://[64:ff9b::a9fe:a9fe]/", "mapped"],
    ["http://[2001:db8::1]/", "reserved"],
  ])("refuses %s", (url, cls) => {
    const code = refusal(() => checkUrl(url, off));
    expect(code).toBe("blocked_address");
    if (cls) expect(classifyAddress(new URL(url).hostname.replace(/^\[|\]$/g, ""))).toBe(cls);
  });

  it.each([
    ["2130706433", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0x7f.0.0.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["0xa9.0xfe.0xa9.0xfe", "169.254.169.254"],
    ["2852039166", "169.254.169.254"],
    ["012.0.0.1", "10.0.0.1"],
    ["0", "0.0.0.0"],
  ])("reads the IP spelling %s as %s and refuses it", (spelling, ip) => {
    expect(parseIpLiteral(spelling)?.address).toBe(ip);
    expect(() => assertAddressAllowed(spelling, 80, off)).toThrow(ScrapeError);
    expect(refusal(() => checkUrl(`http://${spelling}/`, off))).toBe("blocked_address");
  });

  it("accepts public addresses and names on the allowed ports only", () => {
    expect(checkUrl("https://www.boutique.fr/p/1", off)).toMatchObject({
      host: "www.boutique.fr",
      port: 443,
      literal: null,
    });
    expect(checkUrl("http://93.184.216.34:8080/", off)).toMatchObject({ literal: "93.184.216.34", port: 8080 });
    expect(checkUrl("http://[2a00:1450:4007:80e::2004]/", off).literal).toBe("2a00:1450:4007:80e:0:0:0:2004");
    expect(refusal(() => checkUrl("http://93.184.216.34:22/", off))).toBe("blocked_port");
    expect(refusal(() => checkUrl("https://www.boutique.fr:8444/", off))).toBe("blocked_port");
    expect(refusal(() => checkUrl("http://www.boutique.fr:79/", off))).toBe("blocked_port");
    expect(checkUrl("http://www.boutique.fr:8443/", off).port).toBe(8443);
  });

  it("refuses other schemes and embedded credentials", () => {
    for (const url of [
      "ftp://boutique.fr/",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "gopher://x/",
      "pas une url",
    ]) {
      expect(refusal(() => checkUrl(url, off))).toBe("invalid_url");
    }
    expect(refusal(() => checkUrl("http://user:pw@boutique.fr/", off))).toBe("invalid_url");
  });

  it("refuses a name that resolves to a forbidden address, even if another address is public", async () => {
    const resolveTo =
      (...addresses: string[]) =>
      async () =>
        addresses.map((address) => ({ address, family: (address.includes(":") ? 6 : 4) as 4 | 6 }));
    await expect(
      resolveGuarded("http://rebind.example/", off, resolveTo("8.8.8.8", "127.0.0.1")),
    ).rejects.toMatchObject({ code: "blocked_address" });
    await expect(resolveGuarded("http://meta.example/", off, resolveTo("169.254.169.254"))).rejects.toMatchObject({
      code: "blocked_address",
    });
    await expect(resolveGuarded("http://v6.example/", off, resolveTo("::ffff:10.0.0.1"))).rejects.toMatchObject({
      code: "blocked_address",
    });
    const ok = await resolveGuarded("http://shop.example/", off, resolveTo("2a00:1450::1", "93.184.216.34"));
    expect(ok.pinned).toEqual({ address: "93.184.216.34", family: 4 });
  });
});

describe("ssrf guard, SCRAPER_ALLOW_PRIVATE_HOSTS on", () => {
  it("reaches loopback and private networks on any port", () => {
    expect(checkUrl("http://127.0.0.1:3999/", on).literal).toBe("127.0.0.1");
    expect(checkUrl("http://10.0.0.5:22/", on).port).toBe(22);
    expect(checkUrl("http://localhost:5173/", on).host).toBe("localhost");
  });

  it("still refuses link-local (cloud metadata), multicast, reserved and mapped addresses", () => {
    for (const url of [
      "http://169.254.169.254/",
      "http://224.0.0.1/",
      "http://0.0.0.0/",
      "http://[::ffff:127.0.0.1]/",
      "http://240.1.1.1/",
    ]) {
      expect(refusal(() => checkUrl(url, on))).toBe("blocked_address");
    }
    expect(
      refusal(() => checkUrl("http://93.184.216.34:22/", on) && assertAddressAllowed("93.184.216.34", 22, on)),
    ).toBe("blocked_port");
  });
});
