/**
 * The text of a PDF's pages from pdf.js's parser, spoken to as pdf.js's display API speaks to its
 * worker (src/display/api.js), with pdf.js's own MessageHandler on both ends of a MessageChannel
 * in this thread: a tool worker is already off the main thread, and the display API (canvas,
 * font loading, the layers) is most of what pdfjs-dist's pdf.mjs holds and none of what reading
 * text needs. The parser is the text-only build of scripts/pdfjs-text-build.mjs, loaded on the
 * first PDF only.
 */
import type { MessageHandler } from "pdfjs-text"

type PdfJs = typeof import("pdfjs-text")

export interface TextItem {
  readonly str?: string
  readonly hasEOL?: boolean
}

interface TextContentChunk {
  readonly items: readonly TextItem[]
}

interface PdfInfo {
  readonly numPages: number
}

/** One end of the channel, with pdf.js's WorkerMessageHandler set up on the other. */
interface Connection {
  readonly pdfjs: PdfJs
  readonly port: MessagePort
  /** The display API's worker-wide handler (one per port: callbacks are numbered per handler). */
  readonly main: MessageHandler
}

let connection: Promise<Connection> | undefined

const connect = () =>
  (connection ??= (async () => {
    const pdfjs = await import("pdfjs-text")
    const { port1, port2 } = new MessageChannel()
    // As api.js's fake worker: the worker side is named after the main side, plus "_worker".
    pdfjs.WorkerMessageHandler.setup(new pdfjs.MessageHandler("text_worker", "text", port2), port2)
    const main = new pdfjs.MessageHandler("text", "text_worker", port1)
    main.send("configure", { verbosity: 0 })
    port1.start()
    port2.start()
    return { pdfjs, port: port1, main }
  })().catch((error: unknown) => {
    // a chunk that failed to load is tried again on the next PDF
    connection = undefined
    throw error
  }))

let documents = 0

/** A packed CMap's file name as pdf.js asks for it (the name comes from the PDF: nothing else is fetched). */
const CMAP_FILE = /^[\w.+-]+\.bcmap$/
/** Where the extension's build puts pdf.js's packed CMaps (build.mjs). */
const DEFAULT_CMAP_URL = () => new URL("/pdfjs/cmaps/", self.location.href).href

/**
 * What getDocument() asks for, with the options pdf.ts sets and the defaults api.js fills in
 * otherwise; nothing is painted and nothing fetched (no CMap, font or wasm URLs).
 */
const evaluatorOptions = {
  maxImageSize: -1,
  disableFontFace: true,
  ignoreErrors: true,
  // the extension's CSP forbids eval
  isEvalSupported: false,
  isOffscreenCanvasSupported: false,
  isImageDecoderSupported: false,
  canvasMaxAreaInBytes: -1,
  fontExtraProperties: false,
  useSystemFonts: false,
  useWasm: false,
  useWorkerFetch: false,
  // the CMaps are fetched by this side (FetchBinaryData), packed
  cMapUrl: null,
  cMapPacked: true,
  iccUrl: null,
  standardFontDataUrl: null,
  wasmUrl: null,
  enableWebGPU: false,
}

/** A document opened in the parser: its page count, its pages' text items, and closing it. */
export interface PdfDocument {
  readonly numPages: number
  textItems(pageIndex: number): Promise<TextItem[]>
  close(): Promise<void>
}

/**
 * Opens `bytes` (its buffer is handed over to the parser, as getDocument does). Rejects with
 * the parser's exception (PasswordException, InvalidPDFException …) when the file cannot be read.
 */
export const openPdf = async (bytes: Uint8Array, cMapUrl: string = DEFAULT_CMAP_URL()): Promise<PdfDocument> => {
  const { pdfjs, port, main } = await connect()
  const data = bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes)
  const docId = `d${documents++}`
  const docParams = {
    docId,
    apiVersion: pdfjs.version,
    data,
    password: null,
    disableAutoFetch: false,
    rangeChunkSize: 2 ** 16,
    docBaseUrl: null,
    enableXfa: false,
    evaluatorOptions,
  }
  const workerId = await main.sendWithPromise<string>("GetDocRequest", docParams, [data.buffer])
  const handler = new pdfjs.MessageHandler(docId, workerId, port)
  const opened = new Promise<PdfInfo>((resolve, reject) => onWorkerMessages(handler, { resolve, reject }, pdfjs, cMapUrl))
  handler.send("Ready", null)
  const info = await opened.catch(async (error: unknown) => {
    await close(handler)
    throw error
  })
  return {
    numPages: info.numPages,
    textItems: (pageIndex) => textItems(handler, pageIndex),
    close: () => close(handler),
  }
}

/** What the worker sends the display API about a document: the first four are answered, the rest ignored. */
const onWorkerMessages = (
  handler: MessageHandler,
  opened: { resolve: (info: PdfInfo) => void; reject: (reason: Error) => void },
  pdfjs: PdfJs,
  cMapUrl: string,
) => {
  handler.on("GetDoc", ({ pdfInfo }: { pdfInfo: PdfInfo }) => opened.resolve(pdfInfo))
  handler.on("DocException", (reason: unknown) => opened.reject(pdfjs.wrapReason(reason)))
  // No one to ask for a password: refusing makes the worker send the DocException, as api.js does without onPassword.
  handler.on("PasswordRequest", (reason: unknown) => {
    throw pdfjs.wrapReason(reason)
  })
  // The predefined CMaps (a font encoded as UniJIS-UCS2-H, 90ms-RKSJ-H …, or a CJK font without
  // ToUnicode) come from the extension's copy of pdf.js's; standard fonts and wasm are not
  // shipped: without them the parser falls back, and text does not need them.
  handler.on("FetchBinaryData", async ({ kind, filename }: { kind: string; filename: string }) => {
    if (kind !== "cMapUrl" || !CMAP_FILE.test(filename)) throw new Error(`no ${kind} ${filename} in this build`)
    const response = await fetch(new URL(filename, new URL(cMapUrl, self.location.href)))
    if (!response.ok) throw new Error(`the CMap ${filename} could not be read (HTTP ${response.status})`)
    return new Uint8Array(await response.arrayBuffer())
  })
  // Progress, and what painting would use: nothing to do with them here.
  for (const action of ["DataLoaded", "DocProgress", "StartRenderPage", "commonobj", "obj", "PrepareWebGPU"]) handler.on(action, () => null)
}

const textItems = async (handler: MessageHandler, pageIndex: number): Promise<TextItem[]> => {
  // GetPage first, as api.js's getPage does: GetTextContent alone never answers for a page that fails to load.
  await handler.sendWithPromise("GetPage", { pageIndex })
  const stream = handler.sendWithStream<TextContentChunk>(
    "GetTextContent",
    { pageId: pageIndex, pageIndex, includeMarkedContent: false, disableNormalization: false },
    { highWaterMark: 100, size: (chunk) => chunk.items.length },
  )
  const items: TextItem[] = []
  const reader = stream.getReader()
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) items.push(...chunk.value.items)
  return items
}

const close = async (handler: MessageHandler) => {
  try {
    await handler.sendWithPromise("Terminate", null)
  } finally {
    handler.destroy()
  }
}
