// Heuristic: the static HTML is an application shell whose content is drawn by JavaScript.

const SHELLS = new RegExp(
  String.raw`<(div|main|section)[^>]+id=["'](root|app|__next|__nuxt|svelte|main-app)["'][^>]*>\s*<\/\1>` +
    String.raw`|<app-root[^>]*>\s*<\/app-root>|<noscript>[^<]{0,300}(javascript|activer|enable)`,
  "i",
);

/** True when a browser is likely to see more than the static HTML shows. */
export function looksJsRendered(html: string): boolean {
  if (SHELLS.test(html)) return true;
  // executable scripts only: JSON-LD and templates do not draw anything
  const scripts = (
    html.match(/<script\b(?![^>]*type=["']?(?:application\/(?:ld\+)?json|text\/template))[^>]*>/gi) ?? []
  ).length;
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  const text = body
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<noscript[\s\S]*?<\/noscript>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return scripts > 0 && text.length < 400;
}
