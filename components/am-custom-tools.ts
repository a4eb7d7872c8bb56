/**
 * Custom tools on the settings page (docs/developer-api.md, `agent.customTools`): the list, each
 * on or off for every conversation and deletable after a yes (the code is the user's and exists
 * nowhere else), and a form to add one. The parameters' JSON Schema is checked as it is typed by
 * the same rules `customTools.register` applies (schemas/custom-tools.ts); the worker's refusals
 * come as codes naming the field, worded here.
 */
import { LitElement, css, html, nothing } from "lit"
import { CUSTOM_TOOL_NAME, parametersSchemaIssues, type SchemaIssue } from "../schemas/custom-tools.ts"
import type { CustomToolInfo } from "../shell/client/agent-api.ts"
import { whileBusy } from "./busy.ts"
import { deleteAsk } from "./delete-ask.ts"
import { t } from "./i18n.ts"
import { withFieldError } from "./settings-validation.ts"
import { caughtText } from "./words.ts"
import { states } from "./state-properties.ts"
import { baseStyles, formGridStyles } from "./styles.ts"

type Field = "name" | "description" | "parameters" | "code"

/** A new tool's schema to start from: one parameter, described in the reader's language, no line wider than the field. */
const startingSchema = (): string =>
  JSON.stringify(
    { type: "object", properties: { text: { type: "string", description: t("customToolExampleDescription") } }, required: ["text"] },
    null,
    2,
  )

/**
 * Where JSON text stops being JSON (an offset), or undefined when it is JSON. V8's JSON.parse
 * names a position for some mistakes only (not for an unexpected token), so the page finds it.
 */
export const jsonErrorOffset = (text: string): number | undefined => {
  let i = 0
  const fail = (): never => {
    throw i
  }
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++
  }
  const expect = (ch: string) => {
    if (text[i] !== ch) fail()
    i++
  }
  const string = () => {
    expect('"')
    for (;;) {
      if (i >= text.length) fail()
      const c = text.charCodeAt(i)
      if (c === 34) return void i++
      if (c < 0x20) fail()
      if (c !== 92) {
        i++
        continue
      }
      i++
      if (text[i] === "u") {
        for (let k = 1; k <= 4; k++)
          if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) {
            i += k
            fail()
          }
        i += 5
      } else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++
      else fail()
    }
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]"
      i++
      ws()
      if (text[i] === close) return void i++
      for (;;) {
        if (c === "{") {
          ws()
          string()
          ws()
          expect(":")
        }
        value()
        ws()
        if (text[i] === ",") i++
        else return expect(close)
      }
    }
    if (c === '"') return string()
    for (const word of ["true", "false", "null"])
      if (c === word[0]) {
        for (const ch of word) expect(ch)
        return
      }
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i))
    if (!number) fail()
    i += number![0].length
  }
  try {
    value()
    ws()
    return i < text.length ? i : undefined
  } catch (at) {
    return at as number
  }
}

/** An issue of the schema check in the user's language; `at` is the path in the schema, as code. */
const issueText = (issue: SchemaIssue): string =>
  t(`customToolSchema_${issue.code}`, issue.at, "value" in issue && issue.code !== "unusable" ? issue.value : "")

/** What is wrong with the parameters as typed (JSON, then the schema's shape), or undefined. */
export const parametersError = (text: string): string | undefined => {
  if (text.trim() === "") return t("errorRequired")
  const offset = jsonErrorOffset(text)
  if (offset !== undefined) {
    const before = text.slice(0, offset)
    const line = before.split("\n").length
    const column = offset - before.lastIndexOf("\n")
    return t("customToolJsonSyntax", String(line), String(column))
  }
  const issue = parametersSchemaIssues(JSON.parse(text))[0]
  return issue ? issueText(issue) : undefined
}

const nameError = (name: string): string | undefined =>
  name.trim() === "" ? t("errorRequired") : CUSTOM_TOOL_NAME.test(name.trim()) ? undefined : t("customToolNameFormat")

const CHECKS: Record<Field, (value: string) => string | undefined> = {
  name: nameError,
  description: (v) => (v.trim() === "" ? t("errorRequired") : undefined),
  parameters: parametersError,
  code: (v) => (v.trim() === "" ? t("errorRequired") : undefined),
}

/** The worker's refusal of a field (`invalid_input` naming it), worded for that field. */
const refusalText = (field: Field, value: string): string =>
  field === "name"
    ? // The format is checked before sending: what is left is a clash with a built-in tool.
      (nameError(value) ?? t("customToolNameBuiltin", value.trim()))
    : field === "parameters"
      ? (parametersError(value) ?? t("customToolSchema_unusable", "parameters", ""))
      : field === "code"
        ? t("customToolCodeCompile")
        : t("errorRequired")

export class AmCustomTools extends LitElement {
  static override properties = states("tools", "errors", "message", "busy", "deleting")
  tools: ReadonlyArray<CustomToolInfo & { code: string }> = []
  errors: Partial<Record<Field, string>> = {}
  message = ""
  busy = false
  /** The tool whose delete waits for a yes. */
  deleting: string | undefined

  static override styles = [
    baseStyles,
    formGridStyles,
    css`
      form {
        margin-top: 12px;
      }
      .mono {
        font-family: var(--am-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
        font-size: 12px;
        tab-size: 2;
      }
      /* Code and schemas keep their lines: wrapping would make line and column in the errors lie. */
      textarea.mono {
        white-space: pre;
        overflow-wrap: normal;
        overflow-x: auto;
      }
      .actions {
        grid-column: 2;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 8px 0 0;
      }
      li {
        border: 1px solid var(--am-border);
        border-radius: 8px;
        padding: 10px 12px;
        margin: 0 0 10px;
      }
      li header {
        display: flex;
        gap: 10px;
        align-items: center;
        flex-wrap: wrap;
      }
      li header label {
        display: inline-flex;
        align-items: center;
        gap: 4px;
      }
      li h4 {
        margin: 0;
        font-size: 14px;
        font-family: var(--am-mono, ui-monospace, monospace);
        flex: 1;
      }
      .description {
        white-space: pre-wrap;
        font-size: 12px;
        margin: 4px 0 0;
      }
      .confirm {
        margin-top: 8px;
        display: flex;
        gap: 8px;
        align-items: center;
        flex-wrap: wrap;
      }
      .muted,
      .help {
        color: var(--am-muted);
        font-size: 12px;
        margin: 2px 0 0;
      }
      @media (max-width: 600px) {
        .actions {
          grid-column: 1;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.reload()
  }

  private async reload(): Promise<void> {
    try {
      this.tools = await globalThis.agent.customTools.list()
    } catch (error) {
      this.message = caughtText(error)
    }
  }

  private value(field: Field): string {
    return this.renderRoot.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#ct-${field}`)?.value ?? ""
  }

  private setError(field: Field, message: string | undefined) {
    this.errors = withFieldError(this.errors, field, message)
  }

  private check(field: Field) {
    return () => this.setError(field, CHECKS[field](this.value(field)))
  }

  private async act(work: () => Promise<unknown>): Promise<void> {
    this.message = ""
    await whileBusy(
      this,
      async () => {
        await work()
        await this.reload()
      },
      (error) => (this.message = caughtText(error)),
    )
  }

  private register = async (event: Event) => {
    event.preventDefault()
    const fields: Field[] = ["name", "description", "parameters", "code"]
    const errors = Object.fromEntries(
      fields.flatMap((f) => {
        const problem = CHECKS[f](this.value(f))
        return problem ? [[f, problem]] : []
      }),
    )
    this.errors = errors
    const first = fields.find((f) => errors[f])
    if (first) return this.renderRoot.querySelector<HTMLElement>(`#ct-${first}`)?.focus()
    this.message = ""
    const name = this.value("name").trim()
    await whileBusy(
      this,
      async () => {
        await globalThis.agent.customTools.register({
          name,
          description: this.value("description"),
          parameters: JSON.parse(this.value("parameters")) as Record<string, unknown>,
          code: this.value("code"),
        })
        this.renderRoot.querySelector("form")!.reset()
        this.message = t("customToolRegistered", name)
        await this.reload()
      },
      async (error) => {
        const e = error as { code?: unknown; parameter?: unknown }
        const field = fields.find((f) => f === e?.parameter)
        if (e?.code === "invalid_input" && field) {
          this.setError(field, refusalText(field, this.value(field)))
          await this.updateComplete
          this.renderRoot.querySelector<HTMLElement>(`#ct-${field}`)?.focus()
        } else this.message = caughtText(error)
      },
    )
  }

  private field(field: Field, label: string, input: unknown, help?: string) {
    return html`<label for="ct-${field}">${label}</label>
      <div>
        ${input}
        ${this.errors[field] ? html`<p class="field-error" id="ct-${field}-error" data-testid="field-error">${this.errors[field]}</p>` : nothing}
        ${help ? html`<p class="help" id="ct-${field}-help">${help}</p>` : nothing}
      </div>`
  }

  /** A field's state for assistive technology: whether it is invalid, and what describes it. */
  private aria(field: Field, help = false) {
    return {
      invalid: this.errors[field] ? "true" : "false",
      describedby: `ct-${field}-error${help ? ` ct-${field}-help` : ""}`,
    }
  }

  /** A field for code (JavaScript, a JSON Schema), with help: monospace, its lines kept, not spell-checked. */
  private codeArea(field: Field, initial = "") {
    const aria = this.aria(field, true)
    return html`<textarea
      id="ct-${field}"
      class="mono"
      rows="8"
      spellcheck="false"
      autocomplete="off"
      .defaultValue=${initial}
      aria-invalid=${aria.invalid}
      aria-describedby=${aria.describedby}
      @input=${this.check(field)}
    ></textarea>`
  }

  private toolView(tool: CustomToolInfo & { code: string }) {
    const asking = this.deleting === tool.name
    return html`<li data-testid="custom-tool" data-name=${tool.name}>
      <header>
        <h4>${tool.name}</h4>
        <label
          ><input
            type="checkbox"
            role="switch"
            .checked=${tool.enabled}
            ?disabled=${this.busy}
            @change=${(e: Event) => this.act(() => globalThis.agent.customTools.setEnabled(tool.name, (e.target as HTMLInputElement).checked))}
          />
          ${t("customToolOn")}</label
        >
        <button
          type="button"
          ?disabled=${this.busy || asking}
          aria-label=${t("customToolDeleteNamed", tool.name)}
          @click=${() => (this.deleting = tool.name)}
        >
          ${t("customToolDelete")}
        </button>
      </header>
      <p class="description">${tool.description}</p>
      ${
        asking
          ? deleteAsk({
              id: `ct-confirm-${tool.name}`,
              className: "confirm",
              question: t("customToolDeleteAsk", tool.name),
              yes: t("customToolDeleteYes"),
              busy: this.busy,
              onYes: () =>
                this.act(async () => {
                  await globalThis.agent.customTools.remove(tool.name)
                  this.deleting = undefined
                  this.message = t("customToolDeleted", tool.name)
                }),
              onCancel: () => (this.deleting = undefined),
            })
          : nothing
      }
    </li>`
  }

  override updated(changed: Map<string, unknown>): void {
    // The question takes focus, so a keyboard user answers it where it appeared.
    if (changed.has("deleting") && this.deleting !== undefined) this.renderRoot.querySelector<HTMLElement>(".confirm button")?.focus()
  }

  override render() {
    const a = { name: this.aria("name", true), description: this.aria("description") }
    return html`
      ${
        this.tools.length
          ? html`<ul data-testid="custom-tools">
              ${this.tools.map((tool) => this.toolView(tool))}
            </ul>`
          : html`<p class="muted" data-testid="custom-tools-empty">${t("customToolsNone")}</p>`
      }
      <h3>${t("customToolAdd")}</h3>
      <form class="grid" @submit=${this.register} novalidate>
        ${this.field(
          "name",
          t("customToolName"),
          html`<input
            id="ct-name"
            autocomplete="off"
            spellcheck="false"
            class="mono"
            aria-invalid=${a.name.invalid}
            aria-describedby=${a.name.describedby}
            @input=${this.check("name")}
          />`,
          t("customToolNameHelp"),
        )}
        ${this.field(
          "description",
          t("customToolDescription"),
          html`<textarea
            id="ct-description"
            rows="2"
            aria-invalid=${a.description.invalid}
            aria-describedby=${a.description.describedby}
            @input=${this.check("description")}
          ></textarea>`,
        )}
        ${this.field("parameters", t("customToolParameters"), this.codeArea("parameters", startingSchema()), t("customToolParametersHelp"))}
        ${this.field("code", t("customToolCode"), this.codeArea("code"), t("customToolCodeHelp"))}
        <div class="actions">
          <button type="submit" ?disabled=${this.busy} data-testid="register-tool">${t("customToolRegister")}</button>
        </div>
      </form>
      <p role="status">${this.message}</p>
    `
  }
}
customElements.define("am-custom-tools", AmCustomTools)
