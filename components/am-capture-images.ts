/**
 * The images a tool call brought (capture_tab), under its card: thumbnails, each a button that
 * shows the image at the panel's width and back. The bytes come from the saved conversation as
 * data URLs; nothing is fetched.
 */
import { LitElement, css, html, nothing } from "lit"
import { t } from "./i18n.ts"

export interface CardImage {
  readonly mediaType: string
  readonly data: string
}

/** Only the image types the tool makes are shown: a saved record is data, not markup to trust. */
const SHOWN_TYPES = new Set(["image/png", "image/jpeg"])

export class AmCaptureImages extends LitElement {
  static override properties = { images: { attribute: false }, enlarged: { state: true } }
  images: ReadonlyArray<CardImage> = []
  enlarged: number | undefined

  static override styles = css`
    :host {
      display: flex;
      flex-wrap: wrap;
      gap: 6px;
      margin: 4px 8px 6px 16px;
    }
    button {
      padding: 0;
      border: 1px solid var(--am-border);
      border-radius: var(--am-radius);
      background: none;
      cursor: zoom-in;
      line-height: 0;
    }
    img {
      max-width: 160px;
      max-height: 100px;
      border-radius: var(--am-radius);
    }
    button.enlarged {
      flex-basis: 100%;
      cursor: zoom-out;
    }
    button.enlarged img {
      max-width: 100%;
      max-height: none;
    }
  `

  override render() {
    const shown = this.images.filter((image) => SHOWN_TYPES.has(image.mediaType))
    if (shown.length === 0) return nothing
    return shown.map((image, i) => {
      const enlarged = this.enlarged === i
      return html`<button
        class=${enlarged ? "enlarged" : ""}
        data-testid="capture-image"
        aria-expanded=${enlarged ? "true" : "false"}
        title=${enlarged ? t("captureImageShrink") : t("captureImageEnlarge")}
        @click=${() => (this.enlarged = enlarged ? undefined : i)}
      >
        <img alt=${t("captureImageAlt")} src=${`data:${image.mediaType};base64,${image.data}`} />
      </button>`
    })
  }
}
customElements.define("am-capture-images", AmCaptureImages)
