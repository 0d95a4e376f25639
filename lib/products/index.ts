// The public face of lib/products (the catalogue: products, their URLs, identity, imports, limits): other domains
// import from here only (DESIGN §10).
export { DUPLICATE_URL } from "./create-product";
export { getProductOrThrow } from "./get-product-or-throw";
export { gtinFromNumber } from "./identity/gtin";
export { IDENTITY_MSG } from "./identity/schemas";
export { importedColumns, replaceGtins } from "./identity/write-identity";
export { IMPORT_ALIASES, headerKey } from "./import/parse-import-file";
export { planImport } from "./import/plan-import";
export { LIMIT_DETAIL, readImportUpload } from "./import/read-import-upload";
export { readSheetTable } from "./import/read-sheet-table";
export { checkIdentity } from "./import/validate-import-row";
export { writeImportBatch } from "./import/write-import-batch";
export { HOURLY_NOT_ALLOWED, productLimitMessage, urlLimitMessage } from "./limits/limit-messages";
export { ZBulkProducts } from "./bulk/bulk-schema";
export { searchMatch } from "./list/fold-search";
export { ZListProducts } from "./list/list-schema";
export { productPath } from "./product-path";
export { queryProducts } from "./query-products";
export { getProductUrlOrThrow } from "./urls/get-product-url-or-throw";
