/**
 * The baseline of bench/pdf.mjs: PDF to text as workers/web/pdf.ts read it before the text-only
 * build, with pdfjs-dist's own modern build (the display API, pdf.mjs, and the parser,
 * pdf.worker.mjs, run in the same thread as a "fake worker").
 */
interface PdfTextItem {
  readonly str?: string
  readonly hasEOL?: boolean
}

const loadPdfJs = async () => {
  // @ts-expect-error: pdfjs-dist ships no types for its parser module
  const parser: unknown = await import("pdfjs-dist/build/pdf.worker.mjs")
  ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = parser
  return import("pdfjs-dist")
}

export const pdfToTextFull = async (bytes: Uint8Array): Promise<string> => {
  const pdfjs = await loadPdfJs()
  const task = pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    const doc = await task.promise
    const pages: string[] = []
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      let text = ""
      for (const item of content.items as PdfTextItem[]) {
        if (typeof item.str !== "string") continue
        text += item.str
        if (item.hasEOL) text += "\n"
      }
      pages.push(text.replace(/[ \t]+\n/g, "\n").trim())
      page.cleanup()
    }
    return pages.filter((p) => p.length > 0).join("\n\n")
  } finally {
    await task.destroy()
  }
}
