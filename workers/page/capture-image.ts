/**
 * capture_tab's picture, made in the page worker with OffscreenCanvas: the browser's capture of
 * the viewport cropped to the element asked for, scaled to the longest side the settings allow,
 * the marks drawn on it, and encoded as PNG when that fits the byte limit (sharp text, flat
 * colours), else as JPEG at falling quality and, last, smaller.
 */
import type { Box, MarkBox } from "./injected/walker-boxes.ts"

export interface Shot {
  readonly dataUrl: string
  /** The CSS pixels the capture shows. */
  readonly viewport: { readonly width: number; readonly height: number }
  /** The part to keep, in CSS pixels of the viewport; the whole of it when absent. */
  readonly clip?: Box
  /** Boxes to number, in CSS pixels of the viewport. */
  readonly marks?: ReadonlyArray<MarkBox>
  readonly limits: { readonly maxSide: number; readonly maxBytes: number }
}

export interface Picture {
  readonly width: number
  readonly height: number
  /** Image pixels per CSS pixel. */
  readonly scale: number
  readonly image: { readonly media_type: "image/png" | "image/jpeg"; readonly data: string }
  readonly marks?: ReadonlyArray<{ readonly n: number; readonly selector: string }>
}

const JPEG_QUALITIES = [0.85, 0.7, 0.55, 0.4] as const
/** A label's text height in image pixels: readable to a model at any scale, small beside most controls. */
const LABEL_FONT_PX = 11
const MARK_COLOUR = "#e0168a"

export const base64Of = async (blob: Blob): Promise<string> => {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let text = ""
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/** Numbers each box where it begins: a frame around it and a label inside its top-left corner. */
const drawMarks = (ctx: OffscreenCanvasRenderingContext2D, marks: ReadonlyArray<MarkBox>, at: (box: Box) => Box): void => {
  ctx.font = `bold ${LABEL_FONT_PX}px sans-serif`
  ctx.textBaseline = "top"
  marks.forEach((mark, i) => {
    const box = at(mark)
    ctx.strokeStyle = MARK_COLOUR
    ctx.lineWidth = 1
    ctx.strokeRect(box.left + 0.5, box.top + 0.5, Math.max(0, box.width - 1), Math.max(0, box.height - 1))
    const label = String(i + 1)
    const width = Math.ceil(ctx.measureText(label).width) + 4
    ctx.fillStyle = MARK_COLOUR
    ctx.fillRect(box.left, box.top, width, LABEL_FONT_PX + 3)
    ctx.fillStyle = "#ffffff"
    ctx.fillText(label, box.left + 2, box.top + 2)
  })
}

const render = (bitmap: ImageBitmap, shot: Shot, ratio: number, fit: number): OffscreenCanvas => {
  const clip = shot.clip ?? { left: 0, top: 0, width: bitmap.width / ratio, height: bitmap.height / ratio }
  const sx = Math.max(0, Math.round(clip.left * ratio))
  const sy = Math.max(0, Math.round(clip.top * ratio))
  const sw = Math.max(1, Math.min(bitmap.width - sx, Math.round(clip.width * ratio)))
  const sh = Math.max(1, Math.min(bitmap.height - sy, Math.round(clip.height * ratio)))
  const s = Math.min(1, shot.limits.maxSide / Math.max(sw, sh)) * fit
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(sw * s)), Math.max(1, Math.round(sh * s)))
  const ctx = canvas.getContext("2d")!
  ctx.drawImage(bitmap, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height)
  const k = ratio * s
  const at = (box: Box): Box => ({
    left: Math.round(box.left * ratio - sx) * s,
    top: Math.round(box.top * ratio - sy) * s,
    width: box.width * k,
    height: box.height * k,
  })
  if (shot.marks !== undefined) drawMarks(ctx, shot.marks, at)
  return canvas
}

/** The smallest fitting encoding: PNG if within the limit, else JPEG at falling quality, then the image smaller. */
const encode = async (canvas: OffscreenCanvas, maxBytes: number): Promise<Blob | null> => {
  const png = await canvas.convertToBlob({ type: "image/png" })
  if (png.size <= maxBytes) return png
  for (const quality of JPEG_QUALITIES) {
    const jpeg = await canvas.convertToBlob({ type: "image/jpeg", quality })
    if (jpeg.size <= maxBytes) return jpeg
  }
  return null
}

/** A data URL's bytes, read here: the extension's CSP lets no `fetch` reach a `data:` URL. */
const blobOf = (dataUrl: string): Blob => {
  const comma = dataUrl.indexOf(",")
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? "image/png"
  const text = atob(dataUrl.slice(comma + 1))
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i)
  return new Blob([bytes], { type })
}

export const renderShot = async (shot: Shot): Promise<Picture> => {
  const bitmap = await createImageBitmap(blobOf(shot.dataUrl))
  try {
    const ratio = shot.viewport.width > 0 ? bitmap.width / shot.viewport.width : 1
    for (let fit = 1; ; fit *= 0.75) {
      const canvas = render(bitmap, shot, ratio, fit)
      const blob = await encode(canvas, shot.limits.maxBytes)
      if (blob !== null || canvas.width <= 64)
        return {
          width: canvas.width,
          height: canvas.height,
          scale: (canvas.width / Math.max(1, Math.round((shot.clip?.width ?? bitmap.width / ratio) * ratio))) * ratio,
          image: {
            media_type: blob?.type === "image/png" ? "image/png" : "image/jpeg",
            data: await base64Of(blob ?? (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.3 }))),
          },
          ...(shot.marks !== undefined ? { marks: shot.marks.map((mark, i) => ({ n: i + 1, selector: mark.selector })) } : {}),
        }
    }
  } finally {
    bitmap.close()
  }
}
