/**
 * A model's call that needs the user's yes: a destructive tool, a navigation of the user's own
 * tab, or a call that could carry what the conversation read of the user's to another place. It
 * shows everything, in words from codes: the tab by title and site, what was read, where it would
 * go, the whole address or script (scrollable, never cut). The buttons are neutral (none is the
 * default); a yes may also grant the site for the conversation, always, or everything in the
 * conversation. No answer before it expires is a no.
 */
import { css, html, nothing } from "lit"
import { guard } from "lit/directives/guard.js"
import { keyed } from "lit/directives/keyed.js"
import type { ConfirmationRequested, ConsentGrant, FlowSource } from "../schemas/events.ts"
import { AnswerCard } from "./answer-card.ts"
import { tokenColours } from "./am-markdown.ts"
import { highlightCodeIn } from "./highlight.ts"
import { t } from "./i18n.ts"
import { writtenTextStyles } from "./styles.ts"
import { toolLabel } from "./tool-card-text.ts"
import { siteLabel, sitesOf } from "./words.ts"

/** Whether a call's arguments are a tab and nothing else. */
const onlyTab = (params: unknown): boolean =>
  typeof params === "object" && params !== null && Object.keys(params).every((key) => key === "tab_id")

export class AmConfirmation extends AnswerCard {
  static override properties = { request: { attribute: false } }
  request: ConfirmationRequested | undefined
  onDecide: ((id: string, allow: boolean, grant?: ConsentGrant) => Promise<void>) | undefined

  static override styles = [
    AnswerCard.cardStyles,
    writtenTextStyles,
    tokenColours,
    css`
      .label {
        font-size: 13px;
      }
      p {
        margin: 6px 0;
        overflow-wrap: anywhere;
      }
      .site {
        font-family: var(--am-mono);
        font-size: 12px;
      }
      .sub {
        font-size: 12px;
        color: var(--am-muted);
        margin-bottom: 2px;
      }
      ul {
        margin: 2px 0 6px;
        padding-left: 18px;
      }
      /* The whole text, never cut: long scripts scroll inside the card. */
      pre.code {
        max-height: 16em;
        margin: 4px 0;
        padding: 6px 8px;
        border: 1px solid var(--am-border, currentColor);
        border-radius: var(--am-radius);
        background: var(--am-bg, transparent);
      }
      /* A script keeps its lines as written (a break inside setAttribute("data-checked") reads as
         another script); it scrolls sideways as well. */
      pre.script {
        white-space: pre;
        overflow-wrap: normal;
      }
      /* What a page, a server or the model wrote, set apart from the card's own words; a short one
         (a tab's title) is kept whole on one line, a long one wraps inside its box. */
      .outside {
        display: inline-block;
        max-width: 100%;
        vertical-align: bottom;
        font-family: var(--am-mono);
        font-size: 12px;
        padding: 0 3px;
        border: 1px dashed var(--am-muted);
        border-radius: 3px;
      }
    `,
  ]

  // highlighting rewrites the script's element: keyed by the request, so a new one gets a fresh
  // element, and guarded, so that a re-render of the same request (a button made busy) leaves it be
  override updated(): void {
    void highlightCodeIn(this.renderRoot)
  }

  private async decide(allow: boolean, grant?: ConsentGrant) {
    const { request, onDecide } = this
    if (request && onDecide) await this.send(() => onDecide(request.id, allow, grant))
  }

  private grantButton(g: ConsentGrant, site: string) {
    return html`<button type="button" @click=${() => this.decide(true, g)} ?disabled=${this.busy} data-testid=${`grant-${g}`}>
      ${g === "site_conversation" ? t("grantSiteConversation", site) : g === "site_always" ? t("grantSiteAlways", site) : t("grantConversationAll")}
    </button>`
  }

  override render() {
    const r = this.request
    if (!r) return nothing
    const hosts = sitesOf(r.destination ?? r.site).map(siteLabel)
    const host = hosts.join(", ")
    // A grant covers a site (its registrable domain), which the question names in `site`.
    const grantHost = r.site.split(" ").join(", ")
    return html`<section class="card danger" role="group" aria-labelledby="label" data-testid="confirmation">
      ${this.head(t("confirmLabel", toolLabel(r.tool)), r.expiresAt)}
      ${r.reason === "send_read_data" ? html`<p>${t("confirmReasonSend")}</p>` : nothing}
      ${r.reason === "navigate_user_tab" ? html`<p>${t("confirmReasonNavigate")}</p>` : nothing}
      ${r.reason === "user_site" ? html`<p>${t("confirmReasonUserSite")}</p>` : nothing}
      ${r.reason === "run_limit" ? html`<p data-testid="confirm-run-limit">${t("confirmReasonRunLimit", String(r.limit?.count ?? ""))}</p>` : nothing}
      ${r.tab ? html`<p class="tab" data-testid="confirm-tab">${withOutside("confirmTab", r.tab.title || r.tab.url, siteLabel(r.tab.url))}</p>` : nothing}
      ${
        r.sources && r.sources.length > 0
          ? html`<p class="sub">${t("confirmReadHeading")}</p>
              <ul data-testid="confirm-sources">
                ${r.sources.map((s) => html`<li>${sourceText(s)}</li>`)}
              </ul>`
          : nothing
      }
      ${
        r.destination
          ? html`<p class="site" data-testid="confirm-destination">
              ${
                r.destination === "anywhere"
                  ? t("confirmDestinationAnywhere")
                  : r.destination.startsWith("tool:")
                    ? t("confirmDestinationTool", toolLabel(r.destination.slice(5)))
                    : t("confirmDestination", host)
              }
            </p>`
          : nothing
      }
      ${
        r.outgoing !== undefined
          ? html`<p class="sub">${t("confirmOutgoing")}</p>
              <pre class="code" data-testid="confirm-outgoing">${visible(r.outgoing)}</pre>`
          : nothing
      }
      ${r.matched ? html`<p class="sub">${withOutside("confirmMatched", r.matched)}</p>` : nothing}
      ${
        r.code !== undefined
          ? html`<p class="sub">${t("confirmCode", String(r.code.length))}</p>
              <pre class="code script" tabindex="0" data-testid="confirm-code">
${keyed(
                  r.id,
                  guard([r.id], () => html`<code class="language-javascript">${visible(r.code ?? "")}</code>`),
                )}</pre>`
          : nothing
      }
      ${
        // The arguments, unless the tab's line above says all of them (close_tab's tab_id).
        (r.reason === "destructive" || r.reason === undefined) && r.code === undefined && !(r.tab && onlyTab(r.params))
          ? html`<pre class="code" data-testid="confirm-params">${JSON.stringify(r.params, null, 2)}</pre>`
          : nothing
      }
      ${
        // Where it acts, unless the tab's line above named that site already.
        !r.destination && !(r.tab && siteLabel(r.tab.url) === host) && r.reason !== "run_limit"
          ? html`<p class="site" data-testid="confirm-site">${t("confirmSite", host)}</p>`
          : nothing
      }
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${() => this.decide(false)} ?disabled=${this.busy} data-testid="deny">${t("confirmDeny")}</button>
        <button type="button" @click=${() => this.decide(true)} ?disabled=${this.busy} data-testid="allow">
          ${r.grants?.length ? t("confirmAllowOnce") : t("confirmAllow")}
        </button>
        ${(r.grants ?? []).filter((g) => g !== "conversation_all").map((g) => this.grantButton(g, grantHost))}
        ${
          // The widest grant is one step away, so that it is never the button at hand.
          r.grants?.includes("conversation_all")
            ? html`<details data-testid="more-grants">
                <summary>${t("confirmMoreGrants")}</summary>
                ${this.grantButton("conversation_all", grantHost)}
              </details>`
            : nothing
        }
      </div>
    </section>`
  }
}

/**
 * Characters that change how the text around them is shown without showing themselves: bidi
 * controls (a script or address can read differently from what runs or is sent) and zero-width
 * ones. The card shows each as its code point.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g

export const visible = (text: string): string =>
  text.replace(INVISIBLE, (c) => `⟦U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟧`)

/** Stands for the outside text in a message, so the message's own words can be told from it. */
const SLOT = "\ue000"

/**
 * A message whose first substitution is text from outside (a tab title a page chose, a question
 * or a path the model wrote): that text is set apart, isolated and with its hidden characters
 * shown, so it cannot pass for the card's own words ("…on your bank, allowed").
 */
const withOutside = (key: string, outside: string, ...rest: string[]) => {
  const [before = "", ...after] = t(key, SLOT, ...rest).split(SLOT)
  return html`${before}<bdi class="outside" data-testid="outside">${visible(outside.replace(/\s+/g, " "))}</bdi>${after.join("")}`
}

const sourceText = (s: FlowSource) => {
  switch (s.kind) {
    case "tab":
      return withOutside("confirmSourceTab", s.label)
    case "tab_list":
      return t("confirmSourceTabList")
    case "file":
      return withOutside("confirmSourceFile", s.label)
    case "answer":
      return withOutside("confirmSourceAnswer", s.label)
    case "local_page":
      return withOutside("confirmSourceLocalPage", s.label)
    case "custom_tool":
      return withOutside("confirmSourceCustomTool", s.label)
    case "mcp_tool":
      return withOutside("confirmSourceMcpTool", s.label)
  }
}
customElements.define("am-confirmation", AmConfirmation)
