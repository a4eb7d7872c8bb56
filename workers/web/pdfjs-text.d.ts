// pdf.js's parser and its message channel, built text-only by scripts/pdfjs-text-build.mjs
// (`import("pdfjs-text")`); pdf.js ships no types for them, so this is the part pdf-client.ts uses.
declare module "pdfjs-text" {
  /** The port a MessageHandler talks over: a MessagePort here. */
  interface Port {
    postMessage(message: unknown, transfer?: Transferable[]): void
    addEventListener(type: "message", listener: (event: MessageEvent) => void, options?: AddEventListenerOptions): void
    removeEventListener(type: "message", listener: (event: MessageEvent) => void): void
  }

  export class MessageHandler {
    constructor(sourceName: string, targetName: string, port: Port)
    on(action: string, handler: (data: any) => unknown): void
    send(action: string, data: unknown, transfer?: Transferable[]): void
    sendWithPromise<T = unknown>(action: string, data: unknown, transfer?: Transferable[]): Promise<T>
    sendWithStream<T = unknown>(action: string, data: unknown, strategy?: QueuingStrategy<T>): ReadableStream<T>
    destroy(): void
  }

  export const WorkerMessageHandler: { setup(handler: MessageHandler, port: Port): void }
  /** What the worker sent as a failure, as the Error subclass it names (PasswordException …). */
  export const wrapReason: (reason: unknown) => Error
  export class PasswordException extends Error {
    readonly code: number
  }
  /** pdfjs-dist's version: the worker refuses a document request that names another. */
  export const version: string
}
