import type { productImports } from "@/db/schema";

type TImportRecord = typeof productImports.$inferSelect;

const count = (n: number) => n.toLocaleString("fr-FR");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n > 1 ? many : one}`;

/** An import as the API shows it: its progress ('1 200 / 10 000 lignes') and, once done, its report. */
export function presentImport(job: TImportRecord) {
  const refused = [...job.refused].sort((a, b) => a.line - b.line);
  const progress = `${count(job.done)} / ${count(job.total)} lignes`;
  const message =
    job.status === "done"
      ? `Import terminé : ${plural(job.createdUrls, "URL ajoutée", "URLs ajoutées")}, ` +
        `${plural(job.createdProducts, "produit créé", "produits créés")}, ` +
        `${plural(refused.length, "ligne refusée", "lignes refusées")}.`
      : job.status === "failed"
        ? "L'import a échoué : les lignes déjà importées sont conservées"
        : `Import en cours : ${progress}`;
  return {
    id: job.id,
    status: job.status,
    file_name: job.fileName,
    total_rows: job.total,
    done_rows: job.done,
    progress,
    created_products: job.createdProducts,
    updated_products: job.updatedProducts,
    created_urls: job.createdUrls,
    refused_count: refused.length,
    refused,
    message,
    created_at: job.createdAt,
    finished_at: job.finishedAt,
  };
}

export type TImportView = ReturnType<typeof presentImport>;
