import type { Metadata } from "next";
import Link from "next/link";
import { REPLAY_WINDOW_SECONDS, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "@/lib/alerts/channels/sign-webhook";
import { NODE_SAMPLE, PYTHON_SAMPLE } from "@/lib/openapi/webhook-samples";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { cn } from "@/lib/cn";
import { SchemaView } from "./schema-view";

export const metadata: Metadata = {
  title: "Documentation de l'API",
  description: "Référence de l'API VeillePrix : authentification par jeton, produits, historique, exports.",
};

type S = Record<string, unknown>;
type Op = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: S; description?: string }[];
  requestBody?: { content: Record<string, { schema: S }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: S }> }>;
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-50 text-sky-800 ring-sky-200",
  post: "bg-green-50 text-green-800 ring-green-200",
  put: "bg-amber-50 text-amber-900 ring-amber-200",
  patch: "bg-violet-50 text-violet-800 ring-violet-200",
  delete: "bg-red-50 text-red-800 ring-red-200",
};

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-16 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-bold uppercase ring-1 ring-inset",
        METHOD_STYLE[method],
      )}
    >
      {method}
    </span>
  );
}

/** How a receiver checks that a webhook comes from VeillePrix (lib/alerts/channels/sign-webhook.ts). */
function WebhookSignature() {
  return (
    <section
      id="signature-webhooks"
      className="mb-10 scroll-mt-6 rounded-xl border border-zinc-200 bg-white p-5 sm:p-6"
    >
      <h2 className="text-lg font-semibold text-zinc-900">Signature des webhooks</h2>
      <div className="mt-3 space-y-3 text-sm text-zinc-700">
        <p>
          Chaque message envoyé à un canal webhook porte deux en-têtes : <code>{TIMESTAMP_HEADER}</code> (l&apos;heure
          d&apos;envoi, en secondes Unix) et <code>{SIGNATURE_HEADER}</code>, de la forme <code>v1=</code> suivi de 64
          caractères hexadécimaux.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            La signature est le HMAC-SHA256, en hexadécimal, du texte <code>{"<horodatage>.<corps brut>"}</code> : la
            valeur de l&apos;en-tête d&apos;horodatage, un point, puis le corps de la requête tel que reçu, avant tout
            décodage JSON.
          </li>
          <li>
            La clé est le secret du canal <strong>en entier</strong>, préfixe <code>whsec_</code> compris, tel
            qu&apos;affiché une seule fois à la création du canal (il n&apos;est pas décodé).
          </li>
          <li>
            Refusez un message dont l&apos;horodatage s&apos;écarte de plus de {REPLAY_WINDOW_SECONDS / 60} minutes de
            votre horloge (rejeu), et comparez les signatures en temps constant.
          </li>
        </ul>
        <h3 className="pt-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Node.js</h3>
        <pre className="overflow-x-auto rounded-lg bg-zinc-900 p-4 text-xs text-zinc-100">{NODE_SAMPLE}</pre>
        <h3 className="pt-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Python</h3>
        <pre className="overflow-x-auto rounded-lg bg-zinc-900 p-4 text-xs text-zinc-100">{PYTHON_SAMPLE}</pre>
      </div>
    </section>
  );
}

/** /docs/api: the OpenAPI document rendered in French, grouped by tag (no external script). */
export default function ApiDocsPage() {
  const doc = buildOpenApiDocument();
  const byTag = new Map<string, { path: string; method: string; op: Op }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Op>)) {
      const tag = op.tags[0] ?? "Divers";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ path, method, op });
    }
  }
  const tags = doc.tags.filter((t) => byTag.has(t.name));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
      <nav aria-label="Sommaire de l'API" className="mb-8 lg:sticky lg:top-6 lg:mb-0 lg:self-start">
        <p className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Sommaire</p>
        <ul className="space-y-1 text-sm">
          <li>
            <a href="#jetons-api" className="text-zinc-700 hover:text-brand-700">
              Jetons d&apos;API
            </a>
          </li>
          <li>
            <a href="#signature-webhooks" className="text-zinc-700 hover:text-brand-700">
              Signature des webhooks
            </a>
          </li>
          {tags.map((t) => (
            <li key={t.name}>
              <a href={`#${slug(t.name)}`} className="text-zinc-700 hover:text-brand-700">
                {t.name} <span className="text-zinc-500">({byTag.get(t.name)!.length})</span>
              </a>
            </li>
          ))}
        </ul>
        <a href="/api/openapi.json" className="mt-4 inline-block text-xs font-medium text-brand-700 hover:underline">
          Télécharger openapi.json
        </a>
      </nav>

      <div className="min-w-0">
        <header className="mb-8">
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">
            Documentation de l&apos;API
          </h1>
          <p className="mt-2 max-w-3xl text-sm text-zinc-600">
            {doc.info.title} — version {doc.info.version}. Toutes les routes répondent en JSON (sauf les exports) ; les
            erreurs ont toujours la forme <code className="text-xs">{'{ "detail": "…", "code": "…" }'}</code> avec un
            message en français.
          </p>
        </header>

        <section id="jetons-api" className="mb-10 scroll-mt-6 rounded-xl border border-zinc-200 bg-white p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-zinc-900">Jetons d&apos;API</h2>
          <div className="mt-3 space-y-3 text-sm text-zinc-700">
            <p>
              Les intégrations s&apos;authentifient avec un <strong>jeton d&apos;API</strong> (préfixe <code>vpk_</code>
              ), créé depuis le{" "}
              <Link href="/dashboard" className="font-medium text-brand-700 hover:underline">
                tableau de bord
              </Link>{" "}
              sur les abonnements avec automatisation. Le jeton n&apos;est affiché qu&apos;une fois, il est stocké
              chiffré (empreinte SHA-256) et sa date de dernière utilisation est visible. Envoyez-le dans chaque requête
              :
            </p>
            <pre className="overflow-x-auto rounded-lg bg-zinc-900 p-4 text-xs text-zinc-100">
              {`curl -H "Authorization: Bearer vpk_…" ${doc.servers[0]!.url}/api/products`}
            </pre>
            <ul className="list-disc space-y-1 pl-5">
              <li>Un jeton révoqué ou invalide reçoit une erreur 401.</li>
              <li>
                Un jeton ne donne accès qu&apos;aux données de son propriétaire : l&apos;objet d&apos;un autre compte
                répond 404.
              </li>
              <li>Un jeton d&apos;API ne peut ni créer ni révoquer de jetons.</li>
              <li>
                <code>POST /api/auth/login</code> renvoie aussi un jeton de connexion (<code>vps_</code>, 30 jours)
                utilisable de la même façon.
              </li>
            </ul>
          </div>
        </section>

        <WebhookSignature />

        {tags.map((t) => (
          <section key={t.name} id={slug(t.name)} className="mb-10 scroll-mt-6">
            <h2 className="text-lg font-semibold text-zinc-900">{t.name}</h2>
            <p className="mb-4 text-sm text-zinc-500">{t.description}</p>
            <div className="space-y-3">
              {byTag.get(t.name)!.map(({ path, method, op }) => {
                const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
                return (
                  <details
                    key={`${method} ${path}`}
                    id={op.operationId}
                    className="group rounded-xl border border-zinc-200 bg-white open:shadow-xs"
                  >
                    <summary className="flex cursor-pointer list-none flex-wrap items-center gap-3 px-4 py-3">
                      <MethodBadge method={method} />
                      <code className="text-sm font-medium break-all text-zinc-900">{path}</code>
                      <span className="text-sm text-zinc-600">{op.summary}</span>
                      {op.security.length === 0 ? (
                        <span className="ml-auto rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600">
                          Public
                        </span>
                      ) : (
                        <span className="ml-auto rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
                          Jeton requis
                        </span>
                      )}
                    </summary>
                    <div className="space-y-4 border-t border-zinc-100 px-4 py-4">
                      {op.description ? <p className="text-sm text-zinc-700">{op.description}</p> : null}
                      {op.parameters.length > 0 ? (
                        <div>
                          <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                            Paramètres
                          </h3>
                          <ul className="space-y-1">
                            {op.parameters.map((p) => (
                              <li key={`${p.in}-${p.name}`} className="flex flex-wrap items-baseline gap-x-2 text-xs">
                                <code className="font-semibold text-zinc-900">{p.name}</code>
                                <span className="text-zinc-500">{p.in === "path" ? "chemin" : "requête"}</span>
                                {p.required ? <span className="font-medium text-red-700">obligatoire</span> : null}
                                <SchemaView schema={p.schema} />
                              </li>
                            ))}
                          </ul>
                        </div>
                      ) : null}
                      {body ? (
                        <div>
                          <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                            Corps de la requête <span className="font-mono normal-case">({body[0]})</span>
                          </h3>
                          <SchemaView schema={body[1].schema} />
                        </div>
                      ) : null}
                      <div>
                        <h3 className="mb-1 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Réponses</h3>
                        <ul className="space-y-2">
                          {Object.entries(op.responses).map(([status, r]) => {
                            const content = r.content ? Object.entries(r.content)[0] : undefined;
                            const ok = status.startsWith("2");
                            return (
                              <li key={status}>
                                <div className="flex flex-wrap items-baseline gap-2 text-xs">
                                  <span className={cn("font-mono font-bold", ok ? "text-green-700" : "text-red-700")}>
                                    {status}
                                  </span>
                                  <span className="text-zinc-700">{r.description}</span>
                                  {content && content[0] !== "application/json" ? (
                                    <span className="font-mono text-zinc-500">{content[0]}</span>
                                  ) : null}
                                </div>
                                {ok && content && content[0] === "application/json" ? (
                                  <div className="mt-1 ml-8">
                                    <SchemaView schema={content[1].schema} />
                                  </div>
                                ) : null}
                              </li>
                            );
                          })}
                        </ul>
                      </div>
                    </div>
                  </details>
                );
              })}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
