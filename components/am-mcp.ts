/**
 * MCP servers on the settings page (docs/mcp.md): add one (name, URL, token or OAuth, and the
 * OAuth client the server's operator gave, if any), test it and read
 * the descriptions of its tools before adding it, turn a server or each tool on and off, accept
 * or leave the changes a server made to its tools, remove it. Tokens come back masked; errors
 * come as codes, worded here (`error_<code>`).
 */
import { LitElement, css, html, nothing } from "lit"
import { MCP_KEY_ALGORITHMS, type McpTool } from "../schemas/mcp.ts"
import type { McpServerInfo, McpServerSettings, McpTestResult } from "../shell/client/agent-api.ts"
import { whileBusy } from "./busy.ts"
import { t } from "./i18n.ts"
import { errorLine } from "./tool-card-text.ts"
import { states } from "./state-properties.ts"
import { baseStyles } from "./styles.ts"

const wording = (error: unknown): string => {
  const e = error as { code?: unknown; message?: unknown }
  const message = typeof e?.message === "string" ? e.message : ""
  return typeof e?.code === "string" ? errorLine({ code: e.code, message }).line : String(error)
}

export class AmMcp extends LitElement {
  static override properties = states("servers", "found", "message", "busy")
  servers: ReadonlyArray<McpServerInfo> = []
  /** The tools of the server being added, once tested. */
  found: McpTestResult | undefined
  message = ""
  busy = false
  private unsubscribe: (() => void) | undefined

  static override styles = [
    baseStyles,
    css`
      form {
        display: grid;
        grid-template-columns: 14rem minmax(0, 1fr);
        gap: 8px 14px;
        align-items: center;
        margin-bottom: 12px;
      }
      .client {
        grid-column: 1 / -1;
      }
      .client .fields {
        display: grid;
        grid-template-columns: 14rem minmax(0, 1fr);
        gap: 8px 14px;
        align-items: center;
      }
      .actions {
        grid-column: 2;
        display: flex;
        gap: 8px;
      }
      .server {
        border: 1px solid var(--am-border);
        border-radius: 8px;
        padding: 10px 12px;
        margin: 0 0 12px;
      }
      .server header {
        display: flex;
        gap: 10px;
        align-items: baseline;
        flex-wrap: wrap;
      }
      .server h3 {
        margin: 0;
        font-size: 14px;
      }
      .muted {
        color: var(--am-muted);
        font-size: 12px;
      }
      /* An address has no break opportunity of its own: it wraps anywhere rather than widen a narrow page. */
      .address {
        overflow-wrap: anywhere;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 8px 0 0;
      }
      li {
        margin: 0 0 8px;
      }
      .description {
        white-space: pre-wrap;
        font-size: 12px;
        margin: 2px 0 0;
      }
      /* A switch beside its words, the words (a tool's name, badges, description) in a column of their own. */
      .toggle {
        display: grid;
        grid-template-columns: auto minmax(0, 1fr);
        gap: 8px;
        align-items: start;
      }
      .toggle input {
        margin: 3px 0 0;
      }
      .pending {
        border-left: 3px solid var(--am-warn, #b45309);
        padding-left: 8px;
        margin-top: 8px;
      }
      .badge {
        font-size: 11px;
        border: 1px solid var(--am-border);
        border-radius: 4px;
        padding: 0 4px;
        margin-left: 6px;
      }
      /* A long choice (the sign-in methods) must not widen its column past a narrow window. */
      form input,
      form select,
      form textarea {
        width: 100%;
        min-width: 0;
      }
      /* As the other settings' grids: one column, each label above its field, in a narrow window. */
      @media (max-width: 600px) {
        form,
        .client .fields {
          grid-template-columns: minmax(0, 1fr);
        }
        .actions {
          grid-column: 1;
          flex-wrap: wrap;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.reload()
    this.unsubscribe = globalThis.agent.onEvent((event) => {
      if (event.type === "mcp_tools_changed") void this.reload()
    })
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    this.unsubscribe?.()
  }

  private async reload(): Promise<void> {
    try {
      this.servers = await globalThis.agent.mcp.list()
    } catch (error) {
      this.message = wording(error)
    }
  }

  private spec(): McpServerSettings {
    const form = this.renderRoot.querySelector("form")!
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim()
    const seconds = Number(value("timeout"))
    const auth = value("auth") as "" | "oauth" | "client_credentials"
    // The OAuth client's settings go only with OAuth; empty fields are left out.
    const client = auth
      ? Object.fromEntries(
          (["clientId", "clientSecret", "privateKey", "issuer", "clientMetadataUrl"] as const)
            .map((k) => [k, value(k)] as const)
            .filter(([, v]) => v !== ""),
        )
      : {}
    return {
      name: value("name"),
      url: value("url"),
      ...(auth ? { auth } : value("token") ? { token: value("token") } : {}),
      ...client,
      ...("privateKey" in client ? { keyAlgorithm: value("keyAlgorithm") as McpServerSettings["keyAlgorithm"] } : {}),
      ...(value("timeout") ? { timeoutMs: Math.round(seconds * 1000) } : {}),
    }
  }

  private async run(work: () => Promise<void>): Promise<void> {
    this.message = ""
    await whileBusy(this, work, (error) => (this.message = wording(error)))
  }

  private test = () =>
    this.run(async () => {
      this.found = undefined
      this.found = await globalThis.agent.mcp.test(this.spec())
    })

  private add = (event: Event) => {
    event.preventDefault()
    return this.run(async () => {
      // What was shown is what is accepted; a tool the server changed since waits for a yes.
      await globalThis.agent.mcp.add({ ...this.spec(), ...(this.found ? { shown: this.found.tools } : {}) })
      this.found = undefined
      this.renderRoot.querySelector("form")!.reset()
      this.message = t("mcpAdded")
      await this.reload()
    })
  }

  private act = (work: () => Promise<unknown>) =>
    this.run(async () => {
      await work()
      await this.reload()
    })

  private toolLine(tool: McpTool, extra: unknown = nothing) {
    const hints = tool.annotations ?? {}
    const readOnly = hints.readOnlyHint === true
    const asks = !readOnly && hints.destructiveHint !== false
    return html`<strong>${tool.title ?? tool.name}</strong>${readOnly ? html`<span class="badge">${t("mcpReadOnly")}</span>` : nothing}${
        asks ? html`<span class="badge">${t("mcpAsks")}</span>` : nothing
      }${extra}
      <div class="description">${tool.description}</div>`
  }

  private serverView(server: McpServerInfo) {
    return html`<div class="server" data-server=${server.name}>
      <header>
        <h3>${server.name}</h3>
        <span class="muted">${server.url}</span>
        ${server.transport ? html`<span class="muted">${t(`mcpTransport_${server.transport}`)}</span>` : nothing}
      </header>
      <label class="toggle"
        ><input
          type="checkbox"
          .checked=${server.enabled}
          @change=${(e: Event) => this.act(() => globalThis.agent.mcp.setEnabled(server.name, (e.target as HTMLInputElement).checked))}
        /><span>${t("mcpServerOn")}</span></label
      >
      <ul>
        ${server.tools.map(
          (tool) =>
            html`<li>
              <label class="toggle"
                ><input
                  type="checkbox"
                  .checked=${tool.enabled}
                  @change=${(e: Event) =>
                    this.act(() =>
                      globalThis.agent.mcp.setEnabled(server.name, (e.target as HTMLInputElement).checked, { tool: tool.name }),
                    )}
                /><span>${this.toolLine(tool)}</span></label
              >
            </li>`,
        )}
      </ul>
      ${
        server.pending.length
          ? html`<div class="pending" role="alert">
              <p>${t("mcpPending")}</p>
              <ul>
                ${server.pending.map(
                  (tool) =>
                    html`<li>
                      ${this.toolLine(
                        tool,
                        html`<span class="badge">${t(tool.change === "added" ? "mcpChangeAdded" : "mcpChangeChanged")}</span>`,
                      )}
                    </li>`,
                )}
              </ul>
              <button type="button" @click=${() => this.act(() => globalThis.agent.mcp.accept(server.name))}>${t("mcpAccept")}</button>
            </div>`
          : nothing
      }
      <div class="actions">
        <button type="button" ?disabled=${this.busy} @click=${() => this.act(() => globalThis.agent.mcp.test({ name: server.name }))}>
          ${t("mcpRefresh")}
        </button>
        <button type="button" ?disabled=${this.busy} @click=${() => this.act(() => globalThis.agent.mcp.remove(server.name))}>
          ${t("mcpRemove")}
        </button>
      </div>
    </div>`
  }

  override render() {
    return html`
      ${this.servers.length ? this.servers.map((s) => this.serverView(s)) : html`<p class="muted">${t("mcpNone")}</p>`}
      <h3>${t("mcpAddServer")}</h3>
      <form @submit=${this.add}>
        <label for="mcp-name">${t("mcpName")}</label><input id="mcp-name" name="name" required autocomplete="off" />
        <label for="mcp-url">${t("mcpUrl")}</label><input id="mcp-url" name="url" type="url" required autocomplete="off" />
        <label for="mcp-token">${t("mcpToken")}</label><input id="mcp-token" name="token" type="password" autocomplete="off" />
        <label for="mcp-auth">${t("mcpAuth")}</label>
        <select id="mcp-auth" name="auth">
          <option value="">${t("mcpAuthToken")}</option>
          <option value="oauth">${t("mcpOAuth")}</option>
          <option value="client_credentials">${t("mcpAuthClientCredentials")}</option>
        </select>
        <details class="client">
          <summary>${t("mcpClient")}</summary>
          <p class="muted">${t("mcpClientHelp")}</p>
          <p class="muted address">${t("mcpRedirect", globalThis.chrome?.identity?.getRedirectURL("mcp") ?? "")}</p>
          <div class="fields">
            <label for="mcp-client-id">${t("mcpClientId")}</label><input id="mcp-client-id" name="clientId" autocomplete="off" />
            <label for="mcp-client-secret">${t("mcpClientSecret")}</label
            ><input id="mcp-client-secret" name="clientSecret" type="password" autocomplete="off" />
            <label for="mcp-private-key">${t("mcpPrivateKey")}</label
            ><textarea id="mcp-private-key" name="privateKey" rows="3" autocomplete="off" spellcheck="false"></textarea>
            <label for="mcp-key-algorithm">${t("mcpKeyAlgorithm")}</label>
            <select id="mcp-key-algorithm" name="keyAlgorithm">
              ${MCP_KEY_ALGORITHMS.map((a) => html`<option value=${a}>${a}</option>`)}
            </select>
            <label for="mcp-issuer">${t("mcpIssuer")}</label><input id="mcp-issuer" name="issuer" type="url" autocomplete="off" />
            <label for="mcp-client-metadata">${t("mcpClientMetadataUrl")}</label
            ><input id="mcp-client-metadata" name="clientMetadataUrl" type="url" autocomplete="off" />
          </div>
        </details>
        <label for="mcp-timeout">${t("mcpTimeout")}</label
        ><input id="mcp-timeout" name="timeout" type="number" min="1" max="1800" placeholder="60" />
        <div class="actions">
          <button type="button" ?disabled=${this.busy} @click=${this.test}>${t("mcpTest")}</button>
          <button type="submit" ?disabled=${this.busy || this.found === undefined}>${t("mcpAdd")}</button>
        </div>
      </form>
      ${
        this.found
          ? html`<div class="found">
              <p>${t("mcpToolsFound")} <span class="muted">${t(`mcpTransport_${this.found.transport}`)}</span></p>
              <ul>
                ${this.found.tools.map((tool) => html`<li>${this.toolLine(tool)}</li>`)}
              </ul>
            </div>`
          : nothing
      }
      <p role="status">${this.message}</p>
    `
  }
}
customElements.define("am-mcp", AmMcp)
