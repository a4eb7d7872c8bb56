/**
 * The management page (Agent → Settings): model providers, the default and summary models,
 * search, behaviour (with the system prompt sent on every run), research jobs' defaults, custom tools, and
 * the workspace's files. Each field is checked as it is typed and saved
 * when it is left (through `agent.settings.update`, which validates again and names the path of
 * anything it refuses); the side panel picks the change up from chrome.storage at once.
 */
import { LitElement, css, html, nothing } from "lit"
import type { Settings, SettingsPatch } from "../schemas/settings.ts"
import "./am-custom-tools.ts"
import "./am-mcp.ts"
import "./am-providers.ts"
import "./am-workspace.ts"
import { t } from "./i18n.ts"
import { caughtText, errorText } from "./words.ts"
import { httpUrl, originLines, originsOf, wholeNumberBetween, type Check } from "./settings-validation.ts"
import { modelOptions } from "./state/chat.ts"
import { baseStyles } from "./styles.ts"
import { callRouter } from "../shell/router-client.ts"

type SearchKey = keyof Settings["search"]

const ENDPOINTS: ReadonlyArray<{ key: SearchKey; label: () => string }> = [
  { key: "duckduckgoHtmlEndpoint", label: () => t("endpointDuckduckgoHtml") },
  { key: "duckduckgoLiteEndpoint", label: () => t("endpointDuckduckgoLite") },
  { key: "baiduEndpoint", label: () => t("endpointBaidu") },
  { key: "bingEndpoint", label: () => t("endpointBing") },
  { key: "googleEndpoint", label: () => t("endpointGoogle") },
]

const engineLabel = (engine: Settings["search"]["engine"]) =>
  engine === "duckduckgo" ? "DuckDuckGo" : engine === "bing" ? t("engineBing") : engine === "baidu" ? "Baidu" : t("engineGoogle")

const modelValue = (m: { providerId: string; model: string } | undefined) => (m ? JSON.stringify([m.providerId, m.model]) : "")

/** The sizes the page shows in megabytes, stored in bytes. */
const MB = 1024 * 1024

export class AmOptions extends LitElement {
  static override properties = {
    settings: { state: true },
    message: { state: true },
    errors: { state: true },
    userScriptsAllowed: { state: true },
  }
  settings: Settings | undefined
  /** Whether user scripts are allowed for the extension (undefined until the service worker says). */
  userScriptsAllowed: boolean | undefined
  message = ""
  /** Field id → the message shown next to it. */
  errors: Record<string, string> = {}

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        max-width: 46rem;
        margin: 0 auto;
        padding: 24px 20px 64px;
      }
      header {
        display: flex;
        align-items: center;
        gap: 12px;
        margin-bottom: 8px;
      }
      header img {
        width: 32px;
        height: 32px;
      }
      h1 {
        font-size: 20px;
        margin: 0;
      }
      nav {
        display: flex;
        gap: 4px;
        flex-wrap: wrap;
        margin: 8px 0 16px;
        position: sticky;
        top: 0;
        background: var(--am-bg);
        padding: 6px 0;
        z-index: 1;
        border-bottom: 1px solid var(--am-border);
      }
      nav a {
        padding: 4px 10px;
        border-radius: 6px;
        text-decoration: none;
        color: var(--am-fg);
        font-size: 13px;
      }
      nav a:hover {
        background: var(--am-surface-2);
      }
      section {
        margin: 0 0 28px;
      }
      h2 {
        font-size: 16px;
        margin: 0 0 4px;
      }
      h3 {
        font-size: 14px;
        margin: 20px 0 2px;
      }
      h3 + .help {
        margin: 0 0 10px;
      }
      .intro {
        margin: 0 0 12px;
        color: var(--am-muted);
        font-size: 13px;
      }
      .grid {
        display: grid;
        grid-template-columns: 14rem 1fr;
        gap: 10px 14px;
        align-items: start;
      }
      .grid > label {
        padding-top: 6px;
      }
      details.advanced {
        margin-top: 12px;
      }
      details.advanced summary {
        cursor: pointer;
        font-weight: 600;
      }
      .grid input,
      .grid select,
      .grid textarea {
        width: 100%;
      }
      .help {
        font-size: 12px;
        color: var(--am-muted);
        margin: 2px 0 0;
      }
      [role="status"] {
        min-height: 1.5em;
        position: fixed;
        bottom: 12px;
        left: 50%;
        transform: translateX(-50%);
        margin: 0;
      }
      [role="status"]:not(:empty) {
        background: var(--am-fg);
        color: var(--am-bg);
        padding: 6px 14px;
        border-radius: 16px;
        font-size: 13px;
      }
      @media (max-width: 600px) {
        .grid {
          grid-template-columns: 1fr;
        }
        .grid > label {
          padding-top: 0;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.checkUserScripts()
    // The switch is flipped on another page (chrome://extensions): look again on coming back.
    document.addEventListener("visibilitychange", this.onVisible)
    void globalThis.agent.settings.get().then(
      (s) => (this.settings = s),
      (error: unknown) => (this.message = caughtText(error)),
    )
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    document.removeEventListener("visibilitychange", this.onVisible)
  }

  private readonly onVisible = () => {
    if (document.visibilityState === "visible") void this.checkUserScripts()
  }

  private async checkUserScripts() {
    const reply = await callRouter("userScripts.status")
    this.userScriptsAllowed = reply.ok ? (reply.value as { allowed: boolean }).allowed : false
  }

  /** Pages cannot open chrome:// addresses: the service worker opens the Details page. */
  private async openExtensionDetails() {
    const reply = await callRouter("userScripts.openDetails")
    if (!reply.ok) this.flash(errorText(reply.error))
  }

  private userScriptsSection() {
    const allowed = this.userScriptsAllowed
    const status = allowed === undefined ? t("userScriptsChecking") : allowed ? t("userScriptsOn") : t("userScriptsOff")
    return html`<section id="user-scripts" aria-labelledby="user-scripts-h">
      <h2 id="user-scripts-h" tabindex="-1">${t("userScripts")}</h2>
      <p class="intro">${t("userScriptsIntro")}</p>
      <p data-testid="user-scripts-status" data-allowed=${allowed === undefined ? "unknown" : String(allowed)} aria-live="polite">
        <strong>${status}</strong>
      </p>
      ${allowed === true ? nothing : html`<p class="help">${t("userScriptsHow")}</p>`}
      <p>
        <button type="button" data-testid="open-extension-details" @click=${() => void this.openExtensionDetails()}>
          ${t("userScriptsOpen")}
        </button>
        <button type="button" @click=${() => void this.checkUserScripts()}>${t("userScriptsCheckAgain")}</button>
      </p>
    </section>`
  }

  /** Saves a patch; the API's refusal (which names the path) is shown next to `field`. */
  async save(patch: SettingsPatch, field?: string): Promise<void> {
    try {
      this.settings = await globalThis.agent.settings.update(patch)
      if (field) this.setError(field, undefined)
      this.flash(t("saved"))
    } catch (error) {
      const message = caughtText(error)
      if (field) this.setError(field, message)
      else this.flash(message)
      throw error
    }
  }

  /** The sections live in the shadow root, where a plain #fragment link cannot reach them. */
  private jump(event: Event) {
    event.preventDefault()
    const id = (event.currentTarget as HTMLAnchorElement).hash.slice(1)
    const target = this.renderRoot.querySelector<HTMLElement>(`#${id}`)
    target?.scrollIntoView({ block: "start" })
    target?.querySelector<HTMLElement>("h2")?.focus()
  }

  private flashTimer: ReturnType<typeof setTimeout> | undefined
  private flash(message: string) {
    this.message = message
    clearTimeout(this.flashTimer)
    this.flashTimer = setTimeout(() => (this.message = ""), 2500)
  }

  private setError(field: string, message: string | undefined) {
    const { [field]: _old, ...rest } = this.errors
    this.errors = message ? { ...rest, [field]: message } : rest
  }

  /** Checks as the user types: the message appears (or goes) with each key. */
  private check(field: string, check: Check) {
    return (event: Event) => this.setError(field, check((event.target as HTMLInputElement).value))
  }

  /** Saves on leaving the field, if its check passes. */
  private commit(field: string, check: Check | undefined, toPatch: (value: string) => SettingsPatch) {
    return (event: Event) => {
      const value = (event.target as HTMLInputElement).value
      const problem = check?.(value)
      this.setError(field, problem)
      if (!problem) void this.save(toPatch(value), field).catch(() => undefined)
    }
  }

  private error(field: string) {
    const message = this.errors[field]
    return message ? html`<p class="field-error" id="${field}-error" data-testid="field-error">${message}</p>` : nothing
  }

  private numberField(id: string, label: string, value: number, check: Check, toPatch: (value: string) => SettingsPatch, help: string) {
    return html`<label for=${id}>${label}</label>
      <div>
        <input
          id=${id}
          inputmode="numeric"
          .value=${String(value)}
          aria-invalid=${this.errors[id] ? "true" : "false"}
          aria-describedby="${id}-error ${id}-help"
          @input=${this.check(id, check)}
          @change=${this.commit(id, check, toPatch)}
        />
        ${this.error(id)}
        <p class="help" id="${id}-help">${help}</p>
      </div>`
  }

  private modelsSection(s: Settings) {
    const options = modelOptions(s)
    const pick = (key: "defaultModel" | "summaryModel") => (e: Event) => {
      const value = (e.target as HTMLSelectElement).value
      const choice = value ? (JSON.parse(value) as [string, string]) : undefined
      void this.save({ [key]: choice ? { providerId: choice[0], model: choice[1] } : null }, key).catch(() => undefined)
    }
    const select = (key: "defaultModel" | "summaryModel", label: string, none: string) =>
      html` <label for=${key}>${label}</label>
        <div>
          <select id=${key} @change=${pick(key)} ?disabled=${options.length === 0}>
            <option value="" ?selected=${!s[key]}>${none}</option>
            ${options.map((o) => html`<option value=${modelValue(o)} ?selected=${modelValue(s[key]) === modelValue(o)}>${o.model} · ${o.providerName}</option>`)}
          </select>
          ${this.error(key)}
        </div>`
    return html`<div class="grid" style="margin-top:16px">
        ${select("defaultModel", t("defaultModel"), t("noneChosen"))} ${select("summaryModel", t("summaryModel"), t("summaryModelSame"))}
      </div>
      ${options.length === 0 ? html`<p class="help">${t("modelsNeedProvider")}</p>` : nothing}`
  }

  private searchSection(s: Settings) {
    const search = s.search
    const text = (key: SearchKey, label: string, type: "password" | "text" | "url", check?: Check) =>
      html` <label for=${key}>${label}</label>
        <div>
          <input
            id=${key}
            type=${type}
            autocomplete="off"
            .value=${String(search[key] ?? "")}
            aria-invalid=${this.errors[key] ? "true" : "false"}
            aria-describedby="${key}-error"
            @input=${check ? this.check(key, check) : () => undefined}
            @change=${this.commit(key, check, (v) => ({ search: { [key]: v.trim() === "" && !check ? null : v.trim() } as never }))}
          />
          ${this.error(key)}
        </div>`
    return html`<div class="grid">
        <label for="engine">${t("searchEngine")}</label>
        <div>
          <select
            id="engine"
            @change=${(e: Event) => void this.save({ search: { engine: (e.target as HTMLSelectElement).value as Settings["search"]["engine"] } }, "engine").catch(() => undefined)}
          >
            ${(["duckduckgo", "bing", "baidu", "google"] as const).map((e) => html`<option value=${e} ?selected=${e === search.engine}>${engineLabel(e)}</option>`)}
          </select>
          ${this.error("engine")}
        </div>
        ${text("bingApiKey", t("bingApiKey"), "password")} ${text("googleApiKey", t("googleApiKey"), "password")}
        ${text("googleCseId", t("googleCseId"), "text")}
      </div>
      <details class="advanced" data-testid="search-advanced" ?open=${ENDPOINTS.some((e) => this.errors[e.key])}>
        <summary>${t("searchAdvanced")}</summary>
        <p class="help">${t("searchAdvancedHelp")}</p>
        <div class="grid">${ENDPOINTS.map((e) => text(e.key, e.label(), "url", httpUrl))}</div>
      </details>`
  }

  private confirmationsSection(s: Settings) {
    const rules: ReadonlyArray<{ key: keyof Settings["confirmations"]; label: string }> = [
      { key: "execute_script", label: t("ruleExecuteScript") },
      { key: "close_tab", label: t("ruleCloseTab") },
      { key: "navigate_user_tab", label: t("ruleNavigateUserTab") },
      { key: "send_read_data", label: t("ruleSendReadData") },
    ]
    const modes: ReadonlyArray<{ mode: Settings["confirmations"]["close_tab"]; label: string }> = [
      { mode: "always", label: t("consentAlways") },
      { mode: "once_per_site", label: t("consentOncePerSite") },
      { mode: "never", label: t("consentNever") },
    ]
    const field = (key: string) => `confirm-${key}`
    return html`<h3>${t("confirmationsHeading")}</h3>
      <p class="help">${t("confirmationsHelp")}</p>
      <div class="grid">
        ${rules.map(
          (r) =>
            html`<label for=${field(r.key)}>${r.label}</label>
              <div>
                <select
                  id=${field(r.key)}
                  @change=${(e: Event) => void this.save({ confirmations: { [r.key]: (e.target as HTMLSelectElement).value } as never }, field(r.key)).catch(() => undefined)}
                >
                  ${modes.map((m) => html`<option value=${m.mode} ?selected=${s.confirmations?.[r.key] === m.mode}>${m.label}</option>`)}
                </select>
                ${this.error(field(r.key))}
              </div>`,
        )}
      </div>
      ${this.allowedSitesSection(s)}`
  }

  /** The sites granted "always" from a confirmation, each revocable. */
  private allowedSitesSection(s: Settings) {
    const sites = s.allowedSites ?? []
    const revoke = (site: string) =>
      void this.save({ allowedSites: sites.filter((x) => x !== site) }, "allowedSites").catch(() => undefined)
    return html`<h3>${t("allowedSitesHeading")}</h3>
      <p class="help">${t("allowedSitesHelp")}</p>
      ${
        sites.length === 0
          ? html`<p class="help" data-testid="allowed-sites-empty">${t("allowedSitesEmpty")}</p>`
          : html`<ul data-testid="allowed-sites">
              ${sites.map(
                (site) =>
                  html`<li>
                    <code>${site}</code>
                    <button type="button" @click=${() => revoke(site)} aria-label=${t("allowedSitesRevoke", site)}>
                      ${t("allowedSitesRevoke", "")}
                    </button>
                  </li>`,
              )}
            </ul>`
      }
      ${this.error("allowedSites")}
      <div class="grid">
        <label for="publicOrigins">${t("publicOrigins")}</label>
        <div>
          <textarea
            id="publicOrigins"
            rows="3"
            autocomplete="off"
            spellcheck="false"
            .value=${s.publicOrigins.join("\n")}
            aria-invalid=${this.errors.publicOrigins ? "true" : "false"}
            aria-describedby="publicOrigins-error publicOrigins-help"
            @input=${this.check("publicOrigins", originLines)}
            @change=${this.commit("publicOrigins", originLines, (v) => ({ publicOrigins: originsOf(v) }))}
          ></textarea>
          ${this.error("publicOrigins")}
          <p class="help" id="publicOrigins-help">${t("publicOriginsHelp")}</p>
        </div>
      </div>`
  }

  /** A research job's defaults; the bounds are those of `research` in schemas/settings.ts. */
  private researchSection(s: Settings) {
    const r = s.research
    return html`<div class="grid">
      ${this.numberField("researchers", t("researchResearchers"), r.researchers, wholeNumberBetween(1, 8), (v) => ({ research: { researchers: Number(v) } }), t("researchResearchersHelp"))}
      ${this.numberField("researchSteps", t("researchStepLimit"), r.steps, wholeNumberBetween(1, 2000), (v) => ({ research: { steps: Number(v) } }), t("researchStepLimitHelp"))}
      ${this.numberField("researchTokens", t("researchTokens"), r.tokens, wholeNumberBetween(1, 100_000_000), (v) => ({ research: { tokens: Number(v) } }), t("researchTokensHelp"))}
      ${this.numberField("researchWall", t("researchWallTime"), Math.max(1, Math.round(r.wallMs / 60_000)), wholeNumberBetween(1, 240), (v) => ({ research: { wallMs: Number(v) * 60_000 } }), t("researchWallTimeHelp"))}
    </div>`
  }

  override render() {
    const s = this.settings
    if (!s) return html`<p>${this.message || t("loading")}</p>`
    const steps = wholeNumberBetween(1, 1000)
    const askSeconds = wholeNumberBetween(1, 3600)
    return html`
      <header>
        <img src="icons/icon-48.png" alt="" />
        <h1>${t("extName")} · ${t("settings")}</h1>
      </header>
      <nav aria-label=${t("sections")}>
        <a href="#providers" @click=${this.jump}>${t("providers")}</a><a href="#search" @click=${this.jump}>${t("search")}</a
        ><a href="#behaviour" @click=${this.jump}>${t("behaviour")}</a><a href="#research" @click=${this.jump}>${t("researchSettings")}</a
        ><a href="#user-scripts" @click=${this.jump}>${t("userScripts")}</a
        ><a href="#custom-tools" @click=${this.jump}>${t("customTools")}</a><a href="#mcp" @click=${this.jump}>${t("mcpServers")}</a
        ><a href="#workspace" @click=${this.jump}>${t("workspace")}</a>
      </nav>
      <section id="providers" aria-labelledby="providers-h">
        <h2 id="providers-h" tabindex="-1">${t("providers")}</h2>
        <p class="intro">${t("providersIntro")}</p>
        <am-providers .settings=${s} .save=${(patch: SettingsPatch) => this.save(patch)}></am-providers>
        ${this.modelsSection(s)}
      </section>
      <section id="search" aria-labelledby="search-h">
        <h2 id="search-h" tabindex="-1">${t("search")}</h2>
        <p class="intro">${t("searchIntro")}</p>
        ${this.searchSection(s)}
      </section>
      <section id="behaviour" aria-labelledby="behaviour-h">
        <h2 id="behaviour-h" tabindex="-1">${t("behaviour")}</h2>
        <div class="grid">
          <label for="systemPrompt">${t("systemPrompt")}</label>
          <div>
            <textarea
              id="systemPrompt"
              rows="5"
              .value=${s.systemPrompt}
              aria-describedby="systemPrompt-error systemPrompt-help"
              aria-invalid=${this.errors.systemPrompt ? "true" : "false"}
              @change=${this.commit("systemPrompt", undefined, (v) => ({ systemPrompt: v.trim() }))}
            ></textarea>
            ${this.error("systemPrompt")}
            <p class="help" id="systemPrompt-help">${t("systemPromptHelp")}</p>
          </div>
          ${this.numberField("steps", t("stepLimit"), s.stepLimit, steps, (v) => ({ stepLimit: Number(v) }), t("stepLimitHelp"))}
          ${this.numberField("askUserTimeout", t("askUserTimeout"), Math.round(s.askUserTimeoutMs / 1000), askSeconds, (v) => ({ askUserTimeoutMs: Number(v) * 1000 }), t("askUserTimeoutHelp"))}
          ${this.numberField("maxResponse", t("maxResponseMb"), Math.max(1, Math.round(s.model.maxResponseBytes / MB)), wholeNumberBetween(1, 256), (v) => ({ model: { maxResponseBytes: Number(v) * MB } }), t("maxResponseMbHelp"))}
        </div>
        ${s.confirmations ? this.confirmationsSection(s) : nothing}
      </section>
      <section id="research" aria-labelledby="research-h">
        <h2 id="research-h" tabindex="-1">${t("researchSettings")}</h2>
        <p class="intro">${t("researchSettingsIntro")}</p>
        ${this.researchSection(s)}
      </section>
      ${this.userScriptsSection()}
      <section id="custom-tools" aria-labelledby="custom-tools-h">
        <h2 id="custom-tools-h" tabindex="-1">${t("customTools")}</h2>
        <p class="intro">${t("customToolsIntro")}</p>
        <am-custom-tools></am-custom-tools>
      </section>
      <section id="mcp" aria-labelledby="mcp-h">
        <h2 id="mcp-h" tabindex="-1">${t("mcpServers")}</h2>
        <p class="intro">${t("mcpIntro")}</p>
        <am-mcp></am-mcp>
      </section>
      <section id="workspace" aria-labelledby="workspace-h">
        <h2 id="workspace-h" tabindex="-1">${t("workspace")}</h2>
        <p class="intro">${t("workspaceIntro")}</p>
        <div class="grid">
          ${this.numberField("historyDays", t("historyDays"), s.workspace.historyDays, wholeNumberBetween(1, 365), (v) => ({ workspace: { historyDays: Number(v) } }), t("historyDaysHelp"))}
          ${this.numberField("historyMax", t("historyMaxMb"), Math.max(1, Math.round(s.workspace.historyMaxBytes / MB)), wholeNumberBetween(1, 65536), (v) => ({ workspace: { historyMaxBytes: Number(v) * MB } }), t("historyMaxMbHelp"))}
        </div>
        <am-workspace></am-workspace>
      </section>
      <p role="status">${this.message}</p>
    `
  }
}
customElements.define("am-options", AmOptions)
