/**
 * Model providers on the settings page: add one from a preset or by hand, edit, remove, test the
 * connection and load its model list. Keys come back masked; a masked key sent back keeps the
 * stored one, so editing a provider never needs its key again.
 */
import { LitElement, css, html, nothing } from "lit"
import type { Provider, Settings, SettingsPatch } from "../schemas/settings.ts"
import type { ConnectionResult, ProviderPreset } from "../workers/agent/providers/presets.ts"
import { t } from "./i18n.ts"
import { caughtText, errorText, kindLabel, presetLabel } from "./words.ts"
import {
  checkAll,
  httpUrl,
  optionalWholeNumberAtLeast,
  parseModelList,
  providerIdFor,
  required,
  withFieldError,
  type Check,
} from "./settings-validation.ts"
import { states } from "./state-properties.ts"
import { checkVision, parseVision, visionText } from "./vision-overrides.ts"
import { baseStyles } from "./styles.ts"

type Kind = Provider["kind"]

interface Draft {
  /** The id of the provider being edited; undefined for a new one. */
  readonly id: string | undefined
  preset: string | undefined
  name: string
  kind: Kind
  baseUrl: string
  apiKey: string
  models: string
  contextWindow: string
  /** `model = yes|no` lines (components/vision-overrides.ts). */
  vision: string
  quirks: Provider["quirks"] | undefined
}

const CHECKS: Record<string, Check> = {
  name: required,
  baseUrl: httpUrl,
  contextWindow: optionalWholeNumberAtLeast(1),
  vision: checkVision,
}
const isMasked = (key: string) => key.startsWith("••••")

export class AmProviders extends LitElement {
  static override properties = { settings: { attribute: false }, ...states("presets", "draft", "errors", "results", "busy") }
  settings: Settings | undefined
  /** Saves a patch; rejects with the API's error. Set by the page. */
  save: ((patch: SettingsPatch) => Promise<void>) | undefined
  presets: ReadonlyArray<ProviderPreset> = []
  draft: Draft | undefined
  errors: Record<string, string> = {}
  /** Connection test outcomes by provider id ("" for the one being edited). */
  results: Record<string, { ok: boolean; text: string } | undefined> = {}
  busy = ""

  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      ul.list {
        list-style: none;
        margin: 0 0 12px;
        padding: 0;
        display: flex;
        flex-direction: column;
        gap: 8px;
      }
      ul.list > li {
        border: 1px solid var(--am-border);
        border-radius: var(--am-radius);
        padding: 10px 12px;
        background: var(--am-surface);
      }
      .row {
        display: flex;
        align-items: center;
        gap: 8px;
        flex-wrap: wrap;
      }
      .name {
        font-weight: 600;
        flex: 1;
        min-width: 0;
      }
      .detail {
        font-size: 12px;
        color: var(--am-muted);
        overflow-wrap: anywhere;
      }
      .result {
        font-size: 12px;
        margin: 6px 0 0;
      }
      .ok {
        color: var(--am-ok);
      }
      .bad {
        color: var(--am-danger);
      }
      form {
        border: 1px solid var(--am-accent);
        border-radius: var(--am-radius);
        padding: 12px;
        margin: 0 0 12px;
        background: var(--am-bg);
      }
      form h3 {
        margin: 0 0 8px;
        font-size: 14px;
      }
      .grid {
        display: grid;
        grid-template-columns: 10rem 1fr;
        gap: 8px 12px;
        align-items: start;
      }
      .grid label {
        padding-top: 6px;
      }
      .grid input,
      .grid select,
      .grid textarea {
        width: 100%;
      }
      textarea {
        min-height: 70px;
        font-family: var(--am-mono);
        font-size: 12px;
      }
      .buttons {
        display: flex;
        gap: 8px;
        flex-wrap: wrap;
        margin-top: 12px;
      }
      .add {
        display: flex;
        gap: 8px;
        align-items: center;
        flex-wrap: wrap;
      }
      @media (max-width: 560px) {
        .grid {
          grid-template-columns: 1fr;
        }
        .grid label {
          padding-top: 0;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void globalThis.agent.providers.presets().then(
      (p) => (this.presets = p),
      () => undefined,
    )
  }

  private startAdd() {
    const select = this.renderRoot.querySelector<HTMLSelectElement>("#preset")
    const preset = this.presets.find((p) => p.id === select?.value)
    this.errors = {}
    this.results = { ...this.results, "": undefined }
    this.draft = {
      id: undefined,
      preset: preset?.id,
      name: preset ? presetLabel(preset) : "",
      kind: preset?.kind ?? "openai",
      baseUrl: preset?.baseUrl ?? "",
      apiKey: "",
      models: "",
      contextWindow: "",
      vision: "",
      quirks: preset?.quirks,
    }
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>("#p-name")?.focus())
  }

  private startEdit(p: Provider) {
    this.errors = {}
    this.draft = {
      id: p.id,
      preset: p.preset,
      name: p.name,
      kind: p.kind,
      baseUrl: p.baseUrl,
      apiKey: p.apiKey ?? "",
      models: (p.models ?? []).join("\n"),
      contextWindow: p.contextWindow ? String(p.contextWindow) : "",
      vision: visionText(p.vision),
      quirks: p.quirks,
    }
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>("#p-name")?.focus())
  }

  private edit(field: keyof Draft, value: string) {
    if (!this.draft) return
    this.draft = { ...this.draft, [field]: value }
    const check = CHECKS[field]
    if (check) this.errors = withFieldError(this.errors, field, check(value))
  }

  private providerFrom(draft: Draft): Provider {
    const taken = (this.settings?.providers ?? []).map((p) => p.id)
    const models = parseModelList(draft.models)
    const vision = parseVision(draft.vision)
    return {
      id: draft.id ?? providerIdFor(draft.name, taken),
      name: draft.name.trim(),
      kind: draft.kind,
      baseUrl: draft.baseUrl.trim().replace(/\/+$/, ""),
      ...(draft.apiKey.trim() ? { apiKey: draft.apiKey.trim() } : {}),
      ...(models.length ? { models } : {}),
      ...(draft.preset ? { preset: draft.preset } : {}),
      ...(draft.quirks ? { quirks: draft.quirks } : {}),
      ...(draft.contextWindow.trim() ? { contextWindow: Number(draft.contextWindow.trim()) } : {}),
      ...(Object.keys(vision).length ? { vision } : {}),
    }
  }

  private async submit(event: Event) {
    event.preventDefault()
    const draft = this.draft
    if (!draft || !this.save || !this.settings) return
    this.errors = checkAll(draft as unknown as Record<string, string>, CHECKS)
    if (Object.keys(this.errors).length) return
    const provider = this.providerFrom(draft)
    const others = this.settings.providers.filter((p) => p.id !== provider.id)
    const providers = draft.id ? this.settings.providers.map((p) => (p.id === provider.id ? provider : p)) : [...others, provider]
    // The first provider with a model becomes the default, so the side panel works at once.
    const firstModel = provider.models?.[0]
    const patch: SettingsPatch = {
      providers,
      ...(!this.settings.defaultModel && firstModel ? { defaultModel: { providerId: provider.id, model: firstModel } } : {}),
    }
    try {
      this.busy = "save"
      await this.save(patch)
      this.draft = undefined
    } catch (error) {
      this.errors = { form: caughtText(error) }
    } finally {
      this.busy = ""
    }
  }

  private async removeProvider(p: Provider) {
    if (!this.save || !this.settings || !confirm(t("providerRemoveConfirm", p.name))) return
    const s = this.settings
    await this.save({
      providers: s.providers.filter((x) => x.id !== p.id),
      ...(s.defaultModel?.providerId === p.id ? { defaultModel: null } : {}),
      ...(s.summaryModel?.providerId === p.id ? { summaryModel: null } : {}),
    }).catch((error: unknown) => (this.results = { ...this.results, [p.id]: { ok: false, text: caughtText(error) } }))
  }

  private describe(result: ConnectionResult): { ok: boolean; text: string } {
    if (!result.ok) return { ok: false, text: t("testFailed", errorText({ code: result.code ?? "model_error" })) }
    return { ok: true, text: result.models ? t("testOkModels", String(result.models.length)) : t("testOk") }
  }

  /** Tests a saved provider with its stored key. */
  private async testSaved(p: Provider) {
    this.busy = `test:${p.id}`
    try {
      const model = p.models?.[0] ?? (this.settings?.defaultModel?.providerId === p.id ? this.settings.defaultModel.model : undefined)
      const result = await globalThis.agent.providers.test({ providerId: p.id, ...(model ? { model } : {}) })
      this.results = { ...this.results, [p.id]: this.describe(result) }
    } catch (error) {
      this.results = { ...this.results, [p.id]: { ok: false, text: caughtText(error) } }
    } finally {
      this.busy = ""
    }
  }

  /** Tests the provider being edited; with `load`, its listed models fill the model list. */
  private async testDraft(load: boolean) {
    const draft = this.draft
    if (!draft) return
    const errors = checkAll({ baseUrl: draft.baseUrl }, { baseUrl: httpUrl })
    if (errors.baseUrl) return void (this.errors = { ...this.errors, ...errors })
    this.busy = load ? "load" : "test"
    try {
      const key = draft.apiKey.trim()
      // A masked key is the stored one: test the saved provider, which has it.
      const target =
        key && isMasked(key) && draft.id
          ? { providerId: draft.id }
          : { config: { kind: draft.kind, baseUrl: draft.baseUrl.trim(), ...(key ? { apiKey: key } : {}) } }
      const model = parseModelList(draft.models)[0]
      const result = await globalThis.agent.providers.test({ ...target, ...(model && !load ? { model } : {}) })
      this.results = { ...this.results, "": this.describe(result) }
      if (load && result.ok && result.models?.length && this.draft) this.draft = { ...this.draft, models: result.models.join("\n") }
    } catch (error) {
      this.results = { ...this.results, "": { ok: false, text: caughtText(error) } }
    } finally {
      this.busy = ""
    }
  }

  private field(id: keyof Draft, label: string, input: unknown) {
    const error = this.errors[id]
    return html`<label for="p-${id}">${label}</label>
      <div>${input}${error ? html`<p class="field-error" id="p-${id}-error" data-testid="field-error">${error}</p>` : nothing}</div>`
  }

  private editor(d: Draft) {
    const result = this.results[""]
    const onInput = (field: keyof Draft) => (e: Event) => this.edit(field, (e.target as HTMLInputElement).value)
    const invalid = (field: string) => (this.errors[field] ? "true" : "false")
    return html`<form @submit=${this.submit} novalidate data-testid="provider-form" aria-labelledby="editor-title">
      <h3 id="editor-title">${d.id ? t("providerEdit", d.name) : t("providerNew")}</h3>
      <div class="grid">
        ${this.field("name", t("providerName"), html`<input id="p-name" .value=${d.name} @input=${onInput("name")} aria-invalid=${invalid("name")} aria-describedby="p-name-error" />`)}
        ${this.field(
          "kind",
          t("providerKind"),
          html`<select id="p-kind" @change=${onInput("kind")}>
            ${(["openai", "anthropic", "ollama"] as const).map((k) => html`<option value=${k} ?selected=${d.kind === k}>${kindLabel(k)}</option>`)}
          </select>`,
        )}
        ${this.field("baseUrl", t("providerBaseUrl"), html`<input id="p-baseUrl" type="url" .value=${d.baseUrl} @input=${onInput("baseUrl")} aria-invalid=${invalid("baseUrl")} aria-describedby="p-baseUrl-error" />`)}
        ${this.field("apiKey", t("providerApiKey"), html`<input id="p-apiKey" type="password" autocomplete="off" .value=${d.apiKey} @input=${onInput("apiKey")} placeholder=${this.presets.find((p) => p.id === d.preset)?.needsKey ? t("providerApiKeyNeeded") : t("optional")} />`)}
        ${this.field(
          "models",
          t("providerModels"),
          html`<textarea id="p-models" .value=${d.models} @input=${onInput("models")} placeholder=${t("providerModelsHint")}></textarea>
            <button type="button" @click=${() => this.testDraft(true)} ?disabled=${this.busy !== ""} data-testid="load-models">
              ${this.busy === "load" ? t("loadingModels") : t("loadModels")}
            </button>`,
        )}
        ${this.field("contextWindow", t("providerContextWindow"), html`<input id="p-contextWindow" inputmode="numeric" .value=${d.contextWindow} @input=${onInput("contextWindow")} placeholder="128000" aria-invalid=${invalid("contextWindow")} aria-describedby="p-contextWindow-error" />`)}
        ${this.field("vision", t("providerVision"), html`<textarea id="p-vision" .value=${d.vision} @input=${onInput("vision")} placeholder=${t("providerVisionHint")} aria-invalid=${invalid("vision")} aria-describedby="p-vision-error"></textarea>`)}
      </div>
      ${result ? html`<p class="result ${result.ok ? "ok" : "bad"}" role="status" data-testid="test-result">${result.text}</p>` : nothing}
      ${this.errors.form ? html`<p class="field-error" role="alert">${this.errors.form}</p>` : nothing}
      <div class="buttons">
        <button
          type="submit"
          class="primary"
          ?disabled=${this.busy !== "" || Object.keys(this.errors).length > 0}
          data-testid="save-provider"
        >
          ${t("save")}
        </button>
        <button type="button" @click=${() => this.testDraft(false)} ?disabled=${this.busy !== ""} data-testid="test-provider">
          ${this.busy === "test" ? t("testing") : t("testConnection")}
        </button>
        <button type="button" @click=${() => (this.draft = undefined)}>${t("cancel")}</button>
      </div>
    </form>`
  }

  override render() {
    const providers = this.settings?.providers ?? []
    return html`
      ${providers.length === 0 && !this.draft ? html`<p class="muted">${t("noProvidersYet")}</p>` : nothing}
      <ul class="list">
        ${providers.map((p) => {
          const result = this.results[p.id]
          return this.draft?.id === p.id
            ? html`<li>${this.editor(this.draft)}</li>`
            : html`<li data-testid="provider">
                <div class="row">
                  <span class="name">${p.name}</span>
                  <button type="button" @click=${() => this.testSaved(p)} ?disabled=${this.busy !== ""}>
                    ${this.busy === `test:${p.id}` ? t("testing") : t("testConnection")}
                  </button>
                  <button type="button" @click=${() => this.startEdit(p)} aria-label=${t("editNamed", p.name)}>${t("edit")}</button>
                  <button type="button" class="danger" @click=${() => this.removeProvider(p)} aria-label=${t("removeNamed", p.name)}>
                    ${t("remove")}
                  </button>
                </div>
                <div class="detail">${kindLabel(p.kind)} · ${p.baseUrl}${p.apiKey ? ` · ${t("keySaved")}` : ""}</div>
                <div class="detail">${p.models?.length ? t("modelsList", p.models.join(", ")) : t("noModelsListed")}</div>
                ${result ? html`<p class="result ${result.ok ? "ok" : "bad"}" role="status">${result.text}</p>` : nothing}
              </li>`
        })}
      </ul>
      ${this.draft && this.draft.id === undefined ? this.editor(this.draft) : nothing}
      <div class="add">
        <label for="preset">${t("addFromPreset")}</label>
        <select id="preset">
          ${
            // The list arrives after the page renders: the first service (a common one) is chosen
            // then, not the "by hand" entry that was alone in the list before.
            this.presets.map((p, i) => html`<option value=${p.id} ?selected=${i === 0}>${presetLabel(p)}</option>`)
          }
          <option value="">${t("byHand")}</option>
        </select>
        <button type="button" @click=${this.startAdd} data-testid="add-provider">${t("addProvider")}</button>
      </div>
    `
  }
}
customElements.define("am-providers", AmProviders)
