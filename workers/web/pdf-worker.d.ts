// pdf.js ships no types for its parser module; pdf.ts only hands the module object back to pdf.js.
declare module "pdfjs-dist/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown
}
