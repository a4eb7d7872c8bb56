/**
 * The options page's list of kept grants (docs/security.md, "Grants"): each "always" site with
 * the conversation it came from, and each site allowed in a conversation (or everything), with
 * that conversation's title.
 */
import { html, nothing } from "lit"
import type { ConversationGrant } from "../schemas/events.ts"
import { t } from "./i18n.ts"

/** Where an "always" site came from: its conversation's title, or that nothing was recorded. */
export const grantSource = (conversationId: string | undefined, titles: ReadonlyMap<string, string>) =>
  conversationId === undefined ? t("grantFromUnknown") : t("grantFromConversation", titles.get(conversationId) || conversationId)

/** The grants kept in conversations, one line each. */
export const conversationGrantsList = (grants: ReadonlyArray<ConversationGrant> | undefined, titles: ReadonlyMap<string, string>) =>
  html`<h3>${t("conversationGrantsHeading")}</h3>
    <p class="help">${t("conversationGrantsHelp")}</p>
    ${
      grants === undefined
        ? nothing
        : grants.length === 0
          ? html`<p class="help" data-testid="conversation-grants-empty">${t("conversationGrantsEmpty")}</p>`
          : html`<ul data-testid="conversation-grants">
              ${grants.map(
                (g) =>
                  html`<li>
                    ${g.all ? t("conversationGrantsAll") : html`<code>${g.sites.join(", ")}</code>`}
                    <span class="help">${grantSource(g.conversationId, titles)}</span>
                  </li>`,
              )}
            </ul>`
    }`
