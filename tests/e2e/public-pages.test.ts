import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { formatAmount } from "@/lib/format";
import { baseUrl, launchBrowser, watchErrors } from "../helpers/browser";

type Plan = {
  id: number;
  code: string;
  name: string;
  type: string;
  limits: { price_ht: number; max_products: number | null; history_retention_days: number | null };
};

const PAGES = [
  {
    path: "/",
    title: "VeillePrix – Veille tarifaire et suivi des prix concurrents",
    h1: "Surveillez les prix de vos concurrents, automatiquement.",
    texts: ["Fonctionnalités", "Fabricants", "Distributeurs", "E-commerce", "Questions fréquentes", "€ /mois HT"],
  },
  {
    path: "/pricing",
    title: "Tarifs · VeillePrix",
    h1: "Des plans simples, sans engagement",
    texts: ["Comparatif détaillé", "€ /mois HT", "Alertes par email"],
  },
  {
    path: "/contact",
    title: "Contact · VeillePrix",
    h1: "Parlons de votre veille tarifaire",
    texts: ["Nom", "Adresse email", "Entreprise", "Message", "Envoyer le message"],
  },
  {
    path: "/legal/terms",
    title: "Conditions d'utilisation · VeillePrix",
    h1: "Conditions générales d'utilisation",
    texts: [
      "Acceptation des conditions",
      "Licence d'utilisation",
      "Restrictions d'utilisation",
      "Résiliation",
      "Limitation de responsabilité",
    ],
  },
  {
    path: "/legal/privacy",
    title: "Politique de confidentialité · VeillePrix",
    h1: "Politique de confidentialité",
    texts: [
      "Dernière mise à jour : 13 mai 2025",
      "Données d'identité",
      "Données de connexion et d'utilisation",
      "Préférences de recherche",
      "Historique de navigation",
      "Finalités",
      "Protection des données",
      "Droit d'accès",
      "Droit de rectification",
      "Droit à l'effacement",
      "Droit à la portabilité",
      "Droit d'opposition",
      "Contact",
    ],
  },
  {
    path: "/legal/cookies",
    title: "Politique de cookies · VeillePrix",
    h1: "Politique de cookies",
    texts: [
      "Dernière mise à jour : 13 mai 2025",
      "Cookies essentiels",
      "Cookies d'analyse",
      "Cookies de fonctionnalité",
      "Gestion des cookies",
      "Refus des cookies",
    ],
  },
  {
    path: "/legal/mentions",
    title: "Mentions légales · VeillePrix",
    h1: "Mentions légales",
    texts: [
      "Éditeur du site",
      "Hébergeur",
      "Propriété intellectuelle",
      "Données personnelles (RGPD)",
      "Droit applicable",
      "SIREN",
    ],
  },
];

let browser: Browser;
let plans: Plan[];

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl()}/api/subscriptions/plans`);
  plans = (await res.json()) as Plan[];
  expect(plans.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await browser?.close();
});

async function open(
  context: BrowserContext,
  path: string,
  { expected = [], waitUntil = "networkidle" }: { expected?: string[]; waitUntil?: "networkidle" | "load" } = {},
) {
  const page = await context.newPage();
  const errors = watchErrors(page, expected);
  const res = await page.goto(`${baseUrl()}${path}`, { waitUntil });
  return { page, errors, status: res?.status() ?? 0 };
}

const text = (page: Page) => page.evaluate(() => document.body.textContent?.replace(/\s+/g, " ") ?? "");

describe("public pages", () => {
  it("render their title, description, heading and key texts, with no console error and no broken internal link", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const links = new Map<string, string>();
    const descriptions = new Set<string>();
    for (const spec of PAGES) {
      const { page, errors, status } = await open(context, spec.path);
      expect(status, spec.path).toBe(200);
      expect(await page.title()).toBe(spec.title);
      const description = await page.getAttribute('meta[name="description"]', "content");
      expect(description?.length ?? 0, spec.path).toBeGreaterThan(60);
      descriptions.add(description!);
      // absolute URLs of static pages come from APP_URL at build time: only the path is checked here
      expect(new URL((await page.getAttribute('link[rel="canonical"]', "href"))!).pathname).toBe(spec.path);
      expect(new URL((await page.getAttribute('meta[property="og:image"]', "content"))!).pathname).toBe(
        "/opengraph-image",
      );
      expect((await page.locator("h1").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([spec.h1]);
      const body = await text(page);
      for (const t of spec.texts) expect(body, `${spec.path} : ${t}`).toContain(t);
      // footer links to every public page
      for (const href of [
        "/pricing",
        "/contact",
        "/legal/terms",
        "/legal/privacy",
        "/legal/cookies",
        "/legal/mentions",
      ]) {
        expect(await page.locator(`footer a[href="${href}"]`).count(), `${spec.path} footer ${href}`).toBe(1);
      }
      const hrefs = await page.$$eval("a[href^='/']", (as) => as.map((a) => a.getAttribute("href")!));
      for (const href of hrefs) if (!href.startsWith("//")) links.set(href.split("#")[0]!, spec.path);
      await page.waitForTimeout(300);
      expect(errors, spec.path).toEqual([]);
      await page.close();
    }
    expect(descriptions.size).toBe(PAGES.length);

    expect(links.size).toBeGreaterThan(10);
    for (const [href, from] of links) {
      const res = await context.request.get(`${baseUrl()}${href}`, { maxRedirects: 5 });
      expect(res.status(), `${href} (lien de ${from})`).toBeLessThan(400);
    }
    await context.close();
  });

  it("shows the plans of the database on the home page, with FAQ figures taken from them", async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, "/");
    for (const plan of plans) {
      const card = page.locator(`[data-plan="${plan.code}"]`).first();
      const content = (await card.textContent())!.replace(/\s+/g, " ");
      expect(content).toContain(plan.name);
      expect(content).toContain(`${formatAmount(plan.limits.price_ht)} € /mois HT`);
      expect(await card.locator("a").getAttribute("href")).toBe(`/register?plan=${plan.id}`);
    }
    const faq = page.locator("[data-faq-item]");
    expect(await faq.count()).toBe(10);
    const products = (await page.locator("#faq-combien-de-produits").textContent())!.replace(/\s+/g, " ");
    const history = (await page.locator("#faq-duree-historique").textContent())!.replace(/\s+/g, " ");
    for (const plan of plans) {
      const n = plan.limits.max_products;
      expect(products).toContain(
        n === null ? `${plan.name} : un nombre illimité de produits` : `${plan.name} : ${n} produits`,
      );
      expect(history).toContain(`${plan.limits.history_retention_days} jours d'historique`);
    }
    // the seeded offer as the marketing text states it
    expect(products).toMatch(
      /Freemium : 5 produits.*Professionnel : 50 produits.*Entreprise : un nombre illimité de produits/,
    );
    expect(history).toMatch(/Freemium : 5 produits et 30 jours.*Professionnel : 50 produits et 90 jours/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("expands and collapses FAQ answers with the mouse and the keyboard", async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, "/");
    const first = page.locator("[data-faq-item]").nth(0);
    const answer = first.locator("p").first();
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await answer.isVisible()).toBe(false);
    await first.locator("summary").click();
    expect(await first.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await answer.isVisible()).toBe(true);
    expect(await answer.textContent()).toContain("VeillePrix est un outil de veille tarifaire");

    const second = page.locator("[data-faq-item]").nth(1);
    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await page.keyboard.press("Space");
    expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    // each question is a native disclosure button for assistive technologies
    expect(await page.locator("[data-faq-item] > summary").count()).toBe(10);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("serves the demo video with a poster and French captions from the site itself", async () => {
    const context = await browser.newContext();
    const { page } = await open(context, "/");
    const video = page.locator("#demo video");
    expect(await video.getAttribute("poster")).toBe("/demo/poster.jpg");
    expect(await video.locator("source").getAttribute("src")).toBe("/demo/veilleprix-demo.mp4");
    const track = video.locator("track");
    expect(await track.getAttribute("kind")).toBe("captions");
    expect(await track.getAttribute("srclang")).toBe("fr");
    expect(await track.getAttribute("label")).toBe("Français");
    expect(await track.evaluate((t) => (t as HTMLTrackElement).default)).toBe(true);

    const mp4 = await context.request.get(`${baseUrl()}/demo/veilleprix-demo.mp4`);
    expect(mp4.status()).toBe(200);
    expect(mp4.headers()["content-type"]).toBe("video/mp4");
    expect((await mp4.body()).length).toBeLessThan(1.5 * 1024 * 1024);
    const poster = await context.request.get(`${baseUrl()}/demo/poster.jpg`);
    expect(poster.headers()["content-type"]).toBe("image/jpeg");
    const vtt = await context.request.get(`${baseUrl()}/demo/veilleprix-demo.fr.vtt`);
    expect(vtt.status()).toBe(200);
    expect(await vtt.text()).toMatch(/^WEBVTT[\s\S]*Étape 1 : ajoutez un produit/);

    // the browser can decode the file and reads its captions
    const duration = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          v.addEventListener("loadedmetadata", () => resolve(v.duration), { once: true });
          v.addEventListener("error", () => reject(new Error("vidéo illisible")), { once: true });
          v.preload = "metadata";
          v.load();
        }),
    );
    expect(duration).toBeGreaterThanOrEqual(10);
    expect(duration).toBeLessThanOrEqual(20);
    await context.close();
  });

  it("fits a 390 px phone screen without horizontal scrolling", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    for (const spec of PAGES) {
      const { page } = await open(context, spec.path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), spec.path).toBeLessThanOrEqual(390);
      await page.close();
    }
    await context.close();
  });

  it("shows the 404 page for an unknown path", async () => {
    const context = await browser.newContext();
    const { page, errors, status } = await open(context, "/cette-page-nexiste-pas", {
      expected: ["404 /cette-page-nexiste-pas"],
    });
    expect(status).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page introuvable");
    const back = page.getByRole("link", { name: "Retour à l'accueil" });
    expect(await back.getAttribute("href")).toBe("/");
    await back.click();
    await page.waitForURL(`${baseUrl()}/`);
    expect(await page.locator("h1").textContent()).toBe("Surveillez les prix de vos concurrents, automatiquement.");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("publishes robots.txt, sitemap.xml and the Open Graph image", async () => {
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    for (const path of ["/api", "/dashboard", "/products", "/subscriptions", "/payment-success", "/dev"]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.map((l) => new URL(l).pathname).sort()).toEqual(PAGES.map((p) => p.path).sort());
    for (const loc of locs) expect((await fetch(loc)).status, loc).toBe(200);
    expect(sitemap).not.toMatch(/dashboard|subscriptions|products|\/api/);

    const og = await fetch(`${baseUrl()}/opengraph-image`);
    expect(og.status).toBe(200);
    expect(og.headers.get("content-type")).toBe("image/png");
    const home = await (await fetch(`${baseUrl()}/`)).text();
    expect(home).toMatch(/<meta property="og:image" content="[^"]*\/opengraph-image/);
  });
});

describe("pricing buttons", () => {
  it("ask an anonymous visitor to log in first, back to /subscriptions", async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, "/pricing");
    for (const plan of plans) {
      const link = page.locator(`[data-plan="${plan.code}"] a`, { hasText: "Se connecter pour s'abonner" });
      await link.waitFor();
      expect(await link.getAttribute("href")).toBe("/login?redirect=%2Fsubscriptions");
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("mark the current plan and offer to change to the others once signed in", async () => {
    const context = await browser.newContext();
    const email = `tarifs-${Date.now()}@exemple.fr`;
    const password = "motdepasse-solide";
    const reg = await context.request.post(`${baseUrl()}/api/auth/register`, {
      data: { first_name: "Inès", last_name: "Roux", email, password, planId: null },
    });
    expect(reg.status()).toBe(201);
    const { csrfToken } = (await (await context.request.get(`${baseUrl()}/api/auth/csrf`)).json()) as {
      csrfToken: string;
    };
    const signIn = await context.request.post(`${baseUrl()}/api/auth/callback/credentials`, {
      form: { csrfToken, email, password, callbackUrl: `${baseUrl()}/pricing`, json: "true" },
    });
    expect(signIn.status()).toBe(200);

    // The signed-in navbar links to /products, built in another issue: until that page exists its prefetch
    // answers 404, which is not this page's defect. Once it exists, any error fails the test again.
    const productsMissing = (await context.request.get(`${baseUrl()}/products`)).status() === 404;
    // signed in, the navbar prefetches the private pages: wait for the buttons rather than for an idle network
    const { page, errors } = await open(context, "/pricing", {
      waitUntil: "load",
      expected: productsMissing ? ["404 /products"] : [],
    });
    const free = plans.find((p) => p.type === "freemium")!;
    await page.locator(`[data-plan="${free.code}"]`).getByText("Plan actuel", { exact: true }).waitFor();
    for (const plan of plans.filter((p) => p.id !== free.id)) {
      const link = page.locator(`[data-plan="${plan.code}"] a`, { hasText: "Changer de plan" });
      expect(await link.getAttribute("href")).toBe(`/subscriptions?plan=${plan.id}`);
    }
    expect(await page.getByText("Se connecter pour s'abonner").count()).toBe(0);
    await page.waitForTimeout(1000);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("contact form", () => {
  it("shows the French validation messages, then sends the message and confirms", async () => {
    const context = await browser.newContext();
    const { page, errors } = await open(context, "/contact");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await page.getByText("Veuillez indiquer votre nom").waitFor();
    expect(await page.getByText("Veuillez saisir votre adresse email").count()).toBe(1);
    expect(await page.getByText("Veuillez écrire votre message").count()).toBe(1);

    await page.getByLabel("Nom").fill("Léa Martin");
    await page.getByLabel("Adresse email").fill("lea.martin@exemple.fr");
    await page.getByLabel("Entreprise").fill("Maison Martin");
    await page.getByLabel("Message").fill("Bonjour, pouvez-vous nous présenter l'offre Entreprise ?");
    await page.getByRole("button", { name: "Envoyer le message" }).click();
    await page
      .getByText("Merci ! Votre message a bien été envoyé. Nous vous répondrons sous 24 heures ouvrées.")
      .waitFor();
    expect(await page.getByLabel("Nom").inputValue()).toBe("");
    expect(errors).toEqual([]);
    await context.close();
  });
});
