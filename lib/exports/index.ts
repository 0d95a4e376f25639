// The public face of lib/exports: other domains import from here only (DESIGN §10).
export { contentDisposition } from "./build-export-filename";
export { createCsvStream } from "./create-csv-stream";
export { createCellsXlsxStream } from "./create-xlsx-stream";
export { decimal, money, text } from "./csv-dialects";
export type { TCell } from "./csv-dialects";
export { exportProductCsv } from "./export-product-csv";
export { exportProductXlsx } from "./export-product-xlsx";
export { CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, fileResponse } from "./file-response";
