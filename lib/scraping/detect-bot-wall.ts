// Bot-protection pages (Cloudflare, DataDome, Akamai, PerimeterX): such a page says nothing about the price
// or the stock, so it must be recorded as "blocked", never as "out of stock".

export type TBotWall = "cloudflare" | "datadome" | "akamai" | "perimeterx" | "captcha";

const SIGNS: Array<[TBotWall, RegExp]> = [
  [
    "cloudflare",
    new RegExp(
      String.raw`cf-browser-verification|cf_chl_opt|\/cdn-cgi\/challenge-platform\/` +
        String.raw`|<title>\s*(just a moment|un instant|attention required! \| cloudflare)`,
      "i",
    ),
  ],
  ["datadome", /captcha-delivery\.com|geo\.captcha-delivery|dd\.js|window\.ddjskey|datadome/i],
  [
    "akamai",
    new RegExp(
      String.raw`errors\.edgesuite\.net` +
        String.raw`|<title>\s*access denied\s*<\/title>[\s\S]{0,2000}you don't have permission to access` +
        "|_abck.{0,200}sensor_data|akamai bot manager",
      "i",
    ),
  ],
  ["perimeterx", /px-captcha|_pxcaptcha|perimeterx|window\._pxappid|human challenge|press (?:&amp;|&) hold/i],
  [
    "captcha",
    new RegExp(
      String.raw`<title>[^<]{0,60}(captcha|vérification de sécurité|are you a robot|robot check)[^<]{0,60}<\/title>` +
        "|g-recaptcha|h-captcha|cf-turnstile",
      "i",
    ),
  ],
];

/** The protection vendor whose challenge this page is, or null for an ordinary page. */
export function detectBotWall(html: string, status: number, headers: Record<string, string> = {}): TBotWall | null {
  if (headers["cf-mitigated"] === "challenge") return "cloudflare";
  if (headers["x-datadome"] || headers["x-dd-b"]) {
    if (status === 403 || status === 401 || status === 429) return "datadome";
  }
  // Product pages can mention these words (scripts, footers): on a 2xx page, only a small page that is
  // mostly the challenge counts.
  const head = html.length > 400_000 ? html.slice(0, 400_000) : html;
  const suspicious = status === 403 || status === 429 || status === 503 || status === 401;
  const small =
    head.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<[^>]+>/g, " ").replace(/\s+/g, " ").length < 3000;
  if (!suspicious && !small) return null;
  for (const [vendor, re] of SIGNS) if (re.test(head)) return vendor;
  return null;
}
