// npm run bench:extract – throughput, latency and memory of extractProduct on the fixture corpus.
// Small fixture pages are padded with realistic filler (navigation, product cards, footer links)
// to 100–300 KB, the size of real product pages; the output says so.
import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { extractProduct } from "../lib/scraping/extract";
import { parseHtml } from "../lib/scraping/extract/parse-html";
import { WEIGHTS } from "../lib/scraping/extract/weights";

type TEntry = { file: string; url: string; expected: { price: string | null }; uncertain?: boolean };

const dir = path.resolve(import.meta.dirname, "../tests/fixtures/pages");
const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as TEntry[];

function filler(seed: number, targetBytes: number): string {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  while (size < targetBytes) {
    const n = seed * 1000 + i++;
    const block =
      `<li class="menu-item menu-item-${n}"><a href="/categorie/${n}" data-track="nav-${n}">Catégorie ${n}</a>` +
      `<ul class="sub-menu"><li><a href="/c/${n}/a">Sous-catégorie A</a></li><li><a ` +
      `href="/c/${n}/b">Sous-catégorie B</a></li></ul></li>\n` +
      `<div class="product-card" data-id="${n}"><a href="/p/${n}"><img src="/img/${n}.jpg" alt="Article ${n}" ` +
      `loading="lazy" width="240" height="240"></a>` +
      `<div class="product-card__body"><p class="product-card__title">Article de démonstration numéro ${n} avec un nom assez long</p>` +
      `<div class="rating" aria-label="4,5 sur 5"><span class="stars">★★★★☆</span> <span class="count">` +
      `(${n % 500})</span></div></div></div>\n` +
      `<script>window.dataLayer=window.dataLayer||[];dataLayer.push({"event":"impression","id":"${n}","list":"footer"});</script>\n`;
    parts.push(block);
    size += block.length;
  }
  return `<aside class="mega-footer"><ul>${parts.join("")}</ul></aside>`;
}

const pages = manifest.map((e, idx) => {
  const raw = readFileSync(path.join(dir, e.file), "utf8");
  const target = 100_000 + ((idx * 37_000) % 200_000);
  const padded = raw.length >= target ? raw : raw.replace(/<\/body>/i, `${filler(idx, target - raw.length)}</body>`);
  return { url: e.url, html: padded };
});

const totalBytes = pages.reduce((s, p) => s + p.html.length, 0);
for (let i = 0; i < 2; i++) for (const p of pages) extractProduct(p.html, p.url);

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const times: number[] = [];
let peakRss = 0;
let peakHeap = 0;
// CPU time of this process (all its threads, garbage collection included) besides wall time: on a shared
// machine wall time measures the neighbours too.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const cpuStart = cpuMs();
const start = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const p of pages) {
    const t0 = performance.now();
    extractProduct(p.html, p.url);
    times.push(performance.now() - t0);
  }
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}
const elapsed = (performance.now() - start) / 1000;
const extractCpu = (cpuMs() - cpuStart) / 1000;

// Floor: building the DOM alone, which extractProduct does once per page.
const parseStart = performance.now();
const parseCpuStart = cpuMs();
for (let r = 0; r < rounds; r++) for (const p of pages) parseHtml(p.html);
const parseMs = (performance.now() - parseStart) / (rounds * pages.length);
const parseCpuMs = (cpuMs() - parseCpuStart) / (rounds * pages.length);
times.sort((a, b) => a - b);
const pct = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

console.log(`extractProduct benchmark – ${pages.length} fixture pages padded with filler markup to 100–300 KB`);
console.log(
  `  average page size: ${(totalBytes / pages.length / 1024).toFixed(0)} KB, ${rounds} rounds, ${times.length} extractions`,
);
console.log(`  throughput:        ${(times.length / elapsed).toFixed(0)} pages/s (single thread)`);
console.log(`  CPU time:          ${(times.length / extractCpu).toFixed(0)} pages/s of process CPU time`);
console.log(`  median:            ${pct(0.5).toFixed(2)} ms/page`);
console.log(`  p99:               ${pct(0.99).toFixed(2)} ms/page`);
console.log(
  `  DOM build alone:   ${parseMs.toFixed(2)} ms/page, ${parseCpuMs.toFixed(2)} ms CPU (parseHtml, included in the figures above)`,
);
console.log(`  peak RSS:          ${mb(peakRss)} MB, peak heap used: ${mb(peakHeap)} MB`);

// What is stored (a price at or above the confidence threshold) on the padded pages: right when stored, and
// stored on pages that show one price (those marked uncertain must not be; the unit tests check their doubt).
let shown = 0;
let stored = 0;
let right = 0;
let doubtful = 0;
manifest.forEach((e, i) => {
  const r = extractProduct(pages[i]!.html, e.url);
  const kept = r.price !== null && r.confidence >= WEIGHTS.confidence.threshold;
  if (e.uncertain) {
    if (!kept) doubtful++;
    return;
  }
  if (e.expected.price === null) return;
  shown++;
  if (kept) stored++;
  if (kept && r.price === e.expected.price) right++;
});
const share = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)} %`;
console.log(`  stored = right:    ${share(right, stored)} (${right} of ${stored} stored prices)`);
console.log(`  price stored on:   ${share(stored, shown)} of ${shown} pages that show one`);
console.log(`  'Prix incertain':  ${doubtful} of ${manifest.filter((e) => e.uncertain).length} doubtful pages`);
