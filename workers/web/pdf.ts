/**
 * PDF to text, with pdf.js's parser built text-only (scripts/pdfjs-text-build.mjs) and spoken to
 * in this thread (pdf-client.ts); it loads on the first PDF only.
 */
import { openPdf, type PdfDocument } from "./pdf-client.ts"

export class PdfError extends Error {
  override readonly name = "PdfError"
}

const isPasswordError = (error: unknown) =>
  error instanceof Error && (error.name === "PasswordException" || /password/i.test(error.message))

/** `promise`, or the signal's reason as soon as it is aborted. */
const unlessAborted = <T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> => {
  if (!signal) return promise
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener("abort", onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort))
  })
}

export interface PdfOptions {
  /** Where pdf.js's packed CMaps are; the extension's own copy unless given. */
  readonly cMapUrl?: string
}

/** The text of every page, pages separated by a blank line; throws PdfError for a damaged or locked file. */
export const pdfToText = async (bytes: Uint8Array, signal?: AbortSignal, options: PdfOptions = {}): Promise<string> => {
  signal?.throwIfAborted()
  const opening = openPdf(bytes, options.cMapUrl)
  let doc: PdfDocument
  try {
    doc = await unlessAborted(opening, signal)
  } catch (error) {
    // once open after all, the document is closed; an open that failed closed itself
    opening.then((late) => late.close()).catch(() => undefined)
    if (signal?.aborted) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new PdfError(isPasswordError(error) ? "the PDF is password-protected" : `the PDF could not be read (${message})`)
  }
  try {
    const pages: string[] = []
    for (let n = 0; n < doc.numPages; n++) {
      let text = ""
      for (const item of await unlessAborted(doc.textItems(n), signal)) {
        if (typeof item.str !== "string") continue
        text += item.str
        if (item.hasEOL) text += "\n"
      }
      pages.push(text.replace(/[ \t]+\n/g, "\n").trim())
    }
    return pages.filter((p) => p.length > 0).join("\n\n")
  } finally {
    await doc.close()
  }
}
