import { expect } from "chai"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { BodyTooLarge, decodeBody, MAX_BODY_BYTES, readBody } from "../body.ts"
import { decodeBytes } from "../charset.ts"
import { fetchPage } from "./http.ts"

// "百度" in GBK.
const gbk = [0xb0, 0xd9, 0xb6, 0xc8]
const bytes = (...parts: Array<string | Array<number>>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)))

describe("decoding result pages", () => {
  it("uses the charset of the Content-Type header", () => {
    expect(decodeBody(bytes(gbk), "text/html; charset=GBK")).to.equal("百度")
  })

  it("uses the charset of a <meta> when the header names none", () => {
    expect(decodeBody(bytes('<meta http-equiv="content-type" content="text/html;charset=gb2312"><title>', gbk), "text/html")).to.contain(
      "<title>百度",
    )
  })

  it("does not take the word charset in a JSON body for a declaration", () => {
    expect(decodeBody(bytes('{"snippet":"charset=iso-8859-1 is … 百度"}'), "application/json")).to.equal(
      '{"snippet":"charset=iso-8859-1 is … 百度"}',
    )
  })

  it("drops a UTF-8 byte-order mark and falls back to UTF-8 for an unknown charset", () => {
    expect(decodeBody(bytes([0xef, 0xbb, 0xbf], "{}"), "application/json")).to.equal("{}")
    expect(decodeBody(bytes("百度"), "text/html; charset=x-no-such-charset")).to.equal("百度")
  })
})

describe("web_search reads bodies as web_fetch does (one decoder, one size cap)", () => {
  const read = (url: string) => Effect.runPromiseExit(fetchPage({ engine: "Test", url, signal: new AbortController().signal }))
  const blobUrl = (parts: BlobPart[], type: string) => URL.createObjectURL(new Blob(parts, { type }))

  it("a Latin-1 page without a declared charset reads as windows-1252, as in web_fetch", async () => {
    const page = bytes("<p>caf", [0xe9], " cr", [0xe8], "me</p>")
    const exit = await read(blobUrl([page], "text/html"))
    expect(Exit.isSuccess(exit) && exit.value.text).to.equal("<p>café crème</p>")
    expect(decodeBody(page, "text/html")).to.equal(decodeBytes(page, "text/html"))
  })

  it("UTF-16LE with a byte order mark reads as text", async () => {
    const text = "<p>百度 café</p>"
    const utf16 = new Uint8Array(2 + text.length * 2)
    utf16.set([0xff, 0xfe])
    for (let i = 0; i < text.length; i++) new DataView(utf16.buffer).setUint16(2 + i * 2, text.charCodeAt(i), true)
    const exit = await read(blobUrl([utf16], "text/html"))
    expect(Exit.isSuccess(exit) && exit.value.text).to.equal(text)
  })

  it("an answer larger than the cap is refused with its own code, not read whole", async () => {
    const exit = await read(blobUrl([new Uint8Array(MAX_BODY_BYTES + 1)], "application/json"))
    expect(Exit.isFailure(exit)).to.equal(true)
    const error = Exit.isFailure(exit) ? exit.cause.reasons.find(Cause.isFailReason)?.error : undefined
    expect(error?._tag === "ToolFailed" && error.code).to.equal("search_response_too_large")
  })

  it("readBody stops at the cap even when no Content-Length announced the size", async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1000))
      },
    })
    const error = await readBody(new Response(stream), new AbortController().signal, 10_000).catch((e: unknown) => e)
    expect(error).to.be.instanceOf(BodyTooLarge)
  })
})
