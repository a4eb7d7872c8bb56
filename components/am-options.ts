/**
 * The management page (Settings (⋯ → Settings in the side panel)): model providers, the default and summary models,
 * search, behaviour (with the system prompt sent on every run), research jobs' defaults, custom tools, and
 * the workspace's files. Each field is checked as it is typed and saved
 * when it is left (through `agent.settings.update`, which validates again and names the path of
 * anything it refuses); the side panel picks the change up from chrome.storage at once.
 */
import { LitElement, css, html, nothing } from "lit"
import { conversationGrantsList, grantSource } from "./grants-list.ts"
import type { ConversationGrant } from "../schemas/events.ts"
import type { Settings, SettingsPatch } from "../schemas/settings.ts"
import "./am-custom-tools.ts"
import "./am-routines.ts"
import "./am-mcp.ts"
import "./am-providers.ts"
import "./am-workspace.ts"
import { t } from "./i18n.ts"
import { caughtText, errorText } from "./words.ts"
import { httpUrl, originLines, originsOf, wholeNumberBetween, withFieldError, type Check } from "./settings-validation.ts"
import { modelOptions, modelValue } from "./state/chat.ts"
import { states } from "./state-properties.ts"
import { baseStyles, formGridStyles } from "./styles.ts"
import { callRouter } from "../shell/client/router-client.ts"

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

/** The sizes the page shows in megabytes, stored in bytes. */
const MB = 1024 * 1024

export class AmOptions extends LitElement {
  static override properties = states("settings", "message", "errors", "userScriptsAllowed", "grants", "titles")
  settings: Settings | undefined
  /** The grants kept in conversations, and the conversations' titles (to say where each came from). */
  grants: ReadonlyArray<ConversationGrant> | undefined
  titles: ReadonlyMap<string, string> = new Map()
  /** Whether user scripts are allowed for the extension (undefined until the service worker says). */
  userScriptsAllowed: boolean | undefined
  message = ""
  /** Field id → the message shown next to it. */
  errors: Record<string, string> = {}

  static override styles = [
    baseStyles,
    formGridStyles,
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
      details.advanced {
        margin-top: 12px;
      }
      details.advanced summary {
        cursor: pointer;
        font-weight: 600;
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
    void this.loadGrants()
  }

  private async loadGrants() {
    try {
      const [grants, conversations] = await Promise.all([globalThis.agent.confirmations.grants(), globalThis.agent.conversations.list()])
      this.titles = new Map(conversations.map((c) => [c.id, c.title]))
      this.grants = grants
    } catch (error) {
      this.message = caughtText(error)
    }
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
    this.userScriptsAllowed = reply.ok ? reply.value.allowed : false
  }

  /** Pages cannot open chrome:// addresses: the service worker opens the Details page. */
  private async openExtensionDetails() {
    const reply = await callRouter("userScripts.openDetails")
    if (!reply.ok) this.flash(errorText(reply.error))
  }

  private userScriptsSection() {
    const allowed = this.userScriptsAllowed
    const status = allowed === undefined ? t("userScriptsChecking") : allowed ? t("userScriptsOn") : t("userScriptsOff")
    return html`<p data-testid="user-scripts-status" data-allowed=${allowed === undefined ? "unknown" : String(allowed)} aria-live="polite">
        <strong>${status}</strong>
      </p>
      ${allowed === true ? nothing : html`<p class="help">${t("userScriptsHow")}</p>`}
      <p>
        <button type="button" data-testid="open-extension-details" @click=${() => void this.openExtensionDetails()}>
          ${t("userScriptsOpen")}
        </button>
        <button type="button" @click=${() => void this.checkUserScripts()}>${t("userScriptsCheckAgain")}</button>
      </p>`
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
    if (!target) return
    // Below the sticky navigation, which covered the section's heading (three lines of links at 420 px).
    const nav = this.renderRoot.querySelector("nav")?.getBoundingClientRect().height ?? 0
    window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - nav - 8 })
    target.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true })
  }

  private flashTimer: ReturnType<typeof setTimeout> | undefined
  private flash(message: string) {
    this.message = message
    clearTimeout(this.flashTimer)
    this.flashTimer = setTimeout(() => (this.message = ""), 2500)
  }

  private setError(field: string, message: string | undefined) {
    this.errors = withFieldError(this.errors, field, message)
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

  /** A row of the grid: the label, the field, its check's message and its help (`<id>-error`, `<id>-help`). */
  private row(id: string, label: string, field: unknown, help: string) {
    return html`<label for=${id}>${label}</label>
      <div>
        ${field} ${this.error(id)}
        <p class="help" id="${id}-help">${help}</p>
      </div>`
  }

  private checkboxField(id: string, label: string, value: boolean, toPatch: (checked: boolean) => SettingsPatch, help: string) {
    const field = html`<input
      id=${id}
      type="checkbox"
      .checked=${value}
      aria-describedby="${id}-error ${id}-help"
      @change=${(e: Event) => this.save(toPatch((e.target as HTMLInputElement).checked), id)}
    />`
    return this.row(id, label, field, help)
  }

  private numberField(id: string, label: string, value: number, check: Check, toPatch: (value: string) => SettingsPatch, help: string) {
    const field = html`<input
      id=${id}
      inputmode="numeric"
      .value=${String(value)}
      aria-invalid=${this.errors[id] ? "true" : "false"}
      aria-describedby="${id}-error ${id}-help"
      @input=${this.check(id, check)}
      @change=${this.commit(id, check, toPatch)}
    />`
    return this.row(id, label, field, help)
  }

  /**
   * A field of several lines, saved when it is left; with `check`, checked as it is typed.
   * `verbatim` text (addresses) is neither spell-checked nor completed by the browser.
   */
  private linesField(
    id: string,
    label: string,
    field: { rows: number; value: string; check?: Check; verbatim?: boolean },
    toPatch: (value: string) => SettingsPatch,
    help: string,
  ) {
    const { rows, value, check, verbatim = false } = field
    const area = html`<textarea
      id=${id}
      rows=${rows}
      autocomplete=${verbatim ? "off" : nothing}
      spellcheck=${verbatim ? "false" : nothing}
      .value=${value}
      aria-invalid=${this.errors[id] ? "true" : "false"}
      aria-describedby="${id}-error ${id}-help"
      @input=${check ? this.check(id, check) : nothing}
      @change=${this.commit(id, check, toPatch)}
    ></textarea>`
    return this.row(id, label, area, help)
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
    // Only the chosen engine's keys are asked for: DuckDuckGo and Baidu need none.
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
        ${search.engine === "bing" ? text("bingApiKey", t("bingApiKey"), "password") : nothing}
        ${search.engine === "google" ? html`${text("googleApiKey", t("googleApiKey"), "password")} ${text("googleCseId", t("googleCseId"), "text")}` : nothing}
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
    // `null` removes the site's key from where-it-came-from (settings patches merge key by key).
    const revoke = (site: string) =>
      void this.save(
        { allowedSites: sites.filter((x) => x !== site), allowedSitesFrom: { [site]: null } as unknown as Record<string, string> },
        "allowedSites",
      ).catch(() => undefined)
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
                    <span class="help">${grantSource(s.allowedSitesFrom?.[site], this.titles)}</span>
                    <button type="button" @click=${() => revoke(site)} aria-label=${t("allowedSitesRevoke", site)}>
                      ${t("allowedSitesRevoke", "")}
                    </button>
                  </li>`,
              )}
            </ul>`
      }
      ${this.error("allowedSites")} ${conversationGrantsList(this.grants, this.titles)}
      <div class="grid">
        ${this.linesField(
          "publicOrigins",
          t("publicOrigins"),
          { rows: 3, value: s.publicOrigins.join("\n"), check: originLines, verbatim: true },
          (v) => ({ publicOrigins: originsOf(v) }),
          t("publicOriginsHelp"),
        )}
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
    // In the order of the page; the navigation links to each by its id.
    const sections: ReadonlyArray<{ id: string; title: string; intro?: string; body: unknown }> = [
      {
        id: "providers",
        title: t("providers"),
        intro: t("providersIntro"),
        body: html`<am-providers .settings=${s} .save=${(patch: SettingsPatch) => this.save(patch)}></am-providers>
          ${this.modelsSection(s)}`,
      },
      { id: "search", title: t("search"), intro: t("searchIntro"), body: this.searchSection(s) },
      {
        id: "behaviour",
        title: t("behaviour"),
        body: html`<div class="grid">
            ${this.linesField("systemPrompt", t("systemPrompt"), { rows: 5, value: s.systemPrompt }, (v) => ({ systemPrompt: v.trim() }), t("systemPromptHelp"))}
            ${this.numberField("steps", t("stepLimit"), s.stepLimit, steps, (v) => ({ stepLimit: Number(v) }), t("stepLimitHelp"))}
            ${this.numberField("askUserTimeout", t("askUserTimeout"), Math.round(s.askUserTimeoutMs / 1000), askSeconds, (v) => ({ askUserTimeoutMs: Number(v) * 1000 }), t("askUserTimeoutHelp"))}
            ${this.numberField("tabsPerRun", t("tabsPerRun"), s.limits.tabsPerRun, wholeNumberBetween(1, 1000), (v) => ({ limits: { tabsPerRun: Number(v) } }), t("tabsPerRunHelp"))}
            ${this.numberField("maxResponse", t("maxResponseMb"), Math.max(1, Math.round(s.model.maxResponseBytes / MB)), wholeNumberBetween(1, 256), (v) => ({ model: { maxResponseBytes: Number(v) * MB } }), t("maxResponseMbHelp"))}
            ${this.numberField("sandboxMemory", t("sandboxMemoryMb"), Math.round(s.sandbox.maxMemoryBytes / MB), wholeNumberBetween(32, 4096), (v) => ({ sandbox: { maxMemoryBytes: Number(v) * MB } }), t("sandboxMemoryMbHelp"))}
          </div>
          ${s.confirmations ? this.confirmationsSection(s) : nothing}`,
      },
      { id: "research", title: t("researchSettings"), intro: t("researchSettingsIntro"), body: this.researchSection(s) },
      { id: "user-scripts", title: t("userScripts"), intro: t("userScriptsIntro"), body: this.userScriptsSection() },
      { id: "routines", title: t("routines"), intro: t("routinesIntro"), body: html`<am-routines></am-routines>` },
      { id: "custom-tools", title: t("customTools"), intro: t("customToolsIntro"), body: html`<am-custom-tools></am-custom-tools>` },
      { id: "mcp", title: t("mcpServers"), intro: t("mcpIntro"), body: html`<am-mcp></am-mcp>` },
      {
        id: "workspace",
        title: t("workspace"),
        intro: t("workspaceIntro"),
        body: html`<div class="grid">
            ${this.numberField("historyDays", t("historyDays"), s.workspace.historyDays, wholeNumberBetween(1, 365), (v) => ({ workspace: { historyDays: Number(v) } }), t("historyDaysHelp"))}
            ${this.numberField("historyMax", t("historyMaxMb"), Math.max(1, Math.round(s.workspace.historyMaxBytes / MB)), wholeNumberBetween(1, 65536), (v) => ({ workspace: { historyMaxBytes: Number(v) * MB } }), t("historyMaxMbHelp"))}
            ${this.numberField("filesPerRun", t("filesPerRun"), s.limits.filesPerRun, wholeNumberBetween(1, 100_000), (v) => ({ limits: { filesPerRun: Number(v) } }), t("writesPerRunHelp"))}
            ${this.checkboxField("keepWholeResults", t("keepWholeResults"), s.model.keepWholeResults, (v) => ({ model: { keepWholeResults: v } }), t("keepWholeResultsHelp"))}
            ${this.numberField("bytesPerRun", t("bytesPerRunMb"), Math.max(1, Math.round(s.limits.bytesPerRun / MB)), wholeNumberBetween(1, 65536), (v) => ({ limits: { bytesPerRun: Number(v) * MB } }), t("writesPerRunHelp"))}
          </div>
          <am-workspace></am-workspace>`,
      },
    ]
    return html`
      <header>
        <img src="icons/icon-48.png" alt="" />
        <h1>${t("extName")} · ${t("settings")}</h1>
      </header>
      <nav aria-label=${t("sections")}>${sections.map(({ id, title }) => html`<a href="#${id}" @click=${this.jump}>${title}</a>`)}</nav>
      ${sections.map(
        ({ id, title, intro, body }) =>
          html`<section id=${id} aria-labelledby="${id}-h">
            <h2 id="${id}-h" tabindex="-1">${title}</h2>
            ${intro ? html`<p class="intro">${intro}</p>` : nothing} ${body}
          </section>`,
      )}
      <p role="status">${this.message}</p>
    `
  }
}
customElements.define("am-options", AmOptions)
