/**
 * Images in the conversation: a tool result that carries one (capture_tab's `image`) is split
 * into the text the model reads and the image sent beside it; images count towards the context
 * budget, and the oldest are left out of a request before any text is summarised away.
 */
import type { ImagePart, Message } from "./providers/types.ts"

type ToolMessage = Extract<Message, { role: "tool" }>

/** What a request spends on an image: Anthropic's documented width × height / 750, which OpenAI's tiles come near. */
export const imageTokens = (image: ImagePart): number =>
  image.width !== undefined && image.height !== undefined ? Math.ceil((image.width * image.height) / 750) : 1600

export const IMAGE_LEFT_OUT = "[The image of this result was left out of the context to save space; capture again to see the page.]"

const isImage = (value: unknown): value is { media_type: string; data: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { media_type?: unknown }).media_type === "string" &&
  typeof (value as { data?: unknown }).data === "string"

/**
 * A result's image apart from the rest: the rest (with the image's type, not its bytes) is what
 * the model reads as text and what the record keeps as the result; the image travels as an image.
 */
export const splitImage = (value: unknown): { readonly value: unknown; readonly images: ReadonlyArray<ImagePart> } => {
  if (typeof value !== "object" || value === null || !isImage((value as { image?: unknown }).image)) return { value, images: [] }
  const { image, ...rest } = value as { image: { media_type: string; data: string }; width?: unknown; height?: unknown }
  const size = typeof rest.width === "number" && typeof rest.height === "number" ? { width: rest.width, height: rest.height } : {}
  return {
    value: { ...rest, image: { media_type: image.media_type, sent: "as an image beside this result" } },
    images: [{ mediaType: image.media_type, data: image.data, ...size }],
  }
}

/**
 * The messages with their oldest images left out, one at a time, until `fits` says the request
 * fits (or none is left). Each result that lost its image says so, so the model knows to look again.
 */
export const withoutOlderImages = (messages: ReadonlyArray<Message>, fits: (messages: ReadonlyArray<Message>) => boolean): Message[] => {
  const out = [...messages]
  while (!fits(out)) {
    const i = out.findIndex((m) => m.role === "tool" && (m.images?.length ?? 0) > 0)
    if (i < 0) break
    const message = out[i] as ToolMessage
    const images = message.images!.slice(1)
    out[i] = {
      ...message,
      content: `${message.content}\n${IMAGE_LEFT_OUT}`,
      ...(images.length > 0 ? { images } : { images: [] }),
    }
  }
  return out
}
