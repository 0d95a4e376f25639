import { z } from "zod";
import { FEED_FORMATS, FEED_OUTCOMES } from "@/db/schema";
import { ZCreateUrlFeed, ZFeedRunQuery, ZUpdateFeed } from "@/lib/feeds/schemas";
import type { TOperation } from "./operations";

// The 'Flux catalogue' operations (lib/feeds/) and the shapes of their answers.
const iso = z.iso.datetime();
const tag = "Flux catalogue" as const;

const RFeedRun = z.object({
  id: z.uuid(),
  feed_id: z.uuid(),
  trigger: z.string(),
  status: z.string().describe("queued, running, done ou failed"),
  total_rows: z.number().int(),
  done_rows: z.number().int(),
  counts: z.record(z.string(), z.number().int()).describe("new, changed, unchanged, gone, invalid, over_limit"),
  error: z.string().nullable(),
  message: z.string().describe("« En cours : 1 200 / 20 000 lignes », « Terminé : … »"),
  created_at: iso,
  finished_at: iso.nullable(),
});

const RFeed = z.object({
  id: z.uuid(),
  name: z.string(),
  source: z.enum(["url", "file"]),
  url: z.string().nullable(),
  file_name: z.string().nullable(),
  frequency: z.string(),
  format: z.enum(FEED_FORMATS).nullable(),
  format_label: z.string().nullable(),
  header: z.array(z.string()).nullable(),
  mapping: z.record(z.string(), z.string().nullable()).nullable(),
  next_run_at: iso.nullable(),
  created_at: iso,
  last_run: RFeedRun.nullable(),
});

const RFeedRunReport = RFeedRun.extend({
  rows: z.array(
    z.object({
      row: z.number().int(),
      sku: z.string().nullable(),
      outcome: z.enum(FEED_OUTCOMES),
      detail: z.string().nullable(),
    }),
  ),
});

const feed = "/api/feeds/{feedId}";
const run = `${feed}/runs/{runId}`;

export const FEED_OPERATIONS: TOperation[] = [
  {
    method: "get",
    path: "/api/feeds",
    tag,
    summary: "Flux catalogue de l'espace",
    ok: { schema: RFeed, list: true, description: "Les flux" },
  },
  {
    method: "post",
    path: "/api/feeds",
    tag,
    summary: "Ajouter un flux relu depuis une URL (Éditeur)",
    description: "L'URL passe par la protection SSRF à la création et à chaque relecture. Le format est détecté.",
    body: ZCreateUrlFeed,
    ok: { status: 201, schema: RFeed, description: "Le flux, avec sa correspondance de colonnes proposée" },
    errors: [403, 422],
  },
  {
    method: "post",
    path: "/api/feeds/upload",
    tag,
    summary: "Ajouter un flux depuis un fichier (Éditeur)",
    description: "Multipart : champ « file » (CSV, TSV, XLSX ou XML, 25 Mo au plus) et « name ».",
    body: "multipart",
    ok: { status: 201, schema: RFeed, description: "Le flux" },
    errors: [403, 413, 422],
  },
  { method: "get", path: feed, tag, summary: "Un flux", ok: { schema: RFeed, description: "Le flux" }, errors: [404] },
  {
    method: "patch",
    path: feed,
    tag,
    summary: "Modifier un flux : nom, URL, fréquence, format, correspondance des colonnes (Éditeur)",
    body: ZUpdateFeed,
    ok: { schema: RFeed, description: "Le flux modifié" },
    errors: [403, 404, 422],
  },
  {
    method: "delete",
    path: feed,
    tag,
    summary: "Supprimer un flux (Éditeur) ; ses produits restent",
    ok: { status: 204, description: "Supprimé" },
    errors: [403, 404],
  },
  {
    method: "post",
    path: `${feed}/runs`,
    tag,
    summary: "Lancer le flux maintenant (Éditeur)",
    description:
      "Mise à jour par SKU en tâche de fond : nouveaux, modifiés, inchangés, absents (signalés, jamais supprimés), invalides.",
    ok: { status: 202, schema: RFeedRun, description: "L'exécution, en file" },
    errors: [403, 404, 409],
  },
  {
    method: "post",
    path: `${feed}/upload`,
    tag,
    summary: "Nouvelle version du fichier d'un flux, puis son exécution (Éditeur)",
    description:
      "Multipart : champ « file » (CSV, TSV, XLSX ou XML, 25 Mo au plus), vérifié comme au premier envoi. La " +
      "correspondance des colonnes est conservée tant que ses colonnes existent. Un flux relu depuis une URL répond 422.",
    body: "multipart",
    ok: { status: 202, schema: RFeedRun, description: "L'exécution, en file" },
    errors: [403, 404, 409, 413, 422],
  },
  {
    method: "get",
    path: run,
    tag,
    summary: "Avancement et rapport d'une exécution",
    description: "Les 200 premières lignes du rapport, filtrables par résultat.",
    query: ZFeedRunQuery,
    ok: { schema: RFeedRunReport, description: "L'exécution et son rapport" },
    errors: [404, 422],
  },
  {
    method: "get",
    path: `${run}/report`,
    tag,
    summary: "Rapport complet d'une exécution (CSV)",
    ok: { content: "csv", description: "Une ligne par ligne du flux" },
    errors: [404],
  },
];
