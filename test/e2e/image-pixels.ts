/** Reading captured images in the tests: decoded in a browser page, their colours at given points. */
import type { Page } from "playwright-core"

export type Rgb = [number, number, number]
export interface Decoded {
  readonly width: number
  readonly height: number
  readonly pixels: Array<Rgb>
}

/** Decodes a data URL's image in `page` and reads the colour at each point (image pixels). */
export const colourAt = (page: Page, dataUrl: string, points: ReadonlyArray<readonly [number, number]>): Promise<Decoded> =>
  page.evaluate(
    async ([dataUrl, points]) => {
      // Decoded by hand: the extension's CSP lets no fetch reach a data: URL.
      const text = atob(dataUrl.slice(dataUrl.indexOf(",") + 1))
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(text, (c) => c.charCodeAt(0))]))
      const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext("2d")!
      ctx.drawImage(bitmap, 0, 0)
      const pixels = points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3)) as Rgb)
      return { width: bitmap.width, height: bitmap.height, pixels }
    },
    [dataUrl, points] as const,
  )

/** Each channel within `tolerance` of the other's. */
export const near = (a: ReadonlyArray<number>, b: ReadonlyArray<number>, tolerance = 40): boolean =>
  a.every((v, i) => Math.abs(v - b[i]!) <= tolerance)
