/**
 * The workspace's files (what the agent saved with opfs_write): browse folders, preview text,
 * download, delete; a file's earlier versions and the trash, each restorable (agent.workspace).
 * It goes through the same tools the model uses, so it sees what the model sees.
 */
import { LitElement, css, html, nothing } from "lit"
import { t } from "./i18n.ts"
import { caughtText, sizeText } from "./words.ts"
import { folderIcon } from "./icons.ts"
import { states } from "./state-properties.ts"
import { baseStyles, writtenTextStyles } from "./styles.ts"
import type { WorkspaceHistoryUsage, WorkspaceKept } from "../shell/client/agent-api.ts"

interface Entry {
  readonly name: string
  readonly kind: "file" | "directory"
  readonly size?: number
  /** An agent run wrote the file or made the folder: its name may be a page's words. */
  readonly untrusted?: true
}

/** The list under the files: one file's versions, or the trash. */
interface History {
  readonly title: string
  readonly empty: string
  readonly items: ReadonlyArray<WorkspaceKept>
  readonly reload: () => Promise<ReadonlyArray<WorkspaceKept>>
  /** With the trash: what the history holds against its budget, and what a change would drop. */
  readonly usage?: WorkspaceHistoryUsage
}

/** What the history holds and would drop, in the reader's words. */
const usageText = (usage: WorkspaceHistoryUsage) =>
  t(
    "historyUsage",
    sizeText(usage.bytes),
    sizeText(usage.earlierBytes),
    String(usage.days),
    sizeText(usage.maxBytes),
    sizeText(usage.wouldDrop.bytes),
  )

interface Preview {
  readonly path: string
  readonly text: string
  readonly more: boolean
}

export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name)
export const parentOf = (folder: string) => folder.split("/").slice(0, -1).join("/")

export class AmWorkspace extends LitElement {
  static override properties = states("folder", "entries", "preview", "error", "loading", "history", "status")
  folder = ""
  entries: ReadonlyArray<Entry> = []
  preview: Preview | undefined
  error = ""
  loading = false
  history: History | undefined
  status = ""

  static override styles = [
    baseStyles,
    writtenTextStyles,
    css`
      :host {
        display: block;
      }
      .bar {
        display: flex;
        align-items: center;
        gap: 8px;
        margin-bottom: 8px;
      }
      .path {
        font-family: var(--am-mono);
        font-size: 12px;
        flex: 1;
        overflow-wrap: anywhere;
      }
      table {
        width: 100%;
        border-collapse: collapse;
        font-size: 13px;
      }
      th,
      td {
        text-align: left;
        padding: 4px 6px;
        border-bottom: 1px solid var(--am-border);
      }
      th {
        font-size: 11px;
        text-transform: uppercase;
        letter-spacing: 0.04em;
        color: var(--am-muted);
        font-weight: 600;
      }
      td.size {
        color: var(--am-muted);
        white-space: nowrap;
        font-variant-numeric: tabular-nums;
      }
      td.actions {
        text-align: right;
        white-space: nowrap;
      }
      td.actions button {
        min-height: 24px;
        padding: 0 8px;
        font-size: 12px;
      }
      .link {
        border: none;
        background: none;
        padding: 0;
        color: var(--am-accent);
        text-decoration: underline;
        min-height: auto;
        gap: 6px;
      }
      .preview {
        margin-top: 12px;
        border: 1px solid var(--am-border);
        border-radius: var(--am-radius);
      }
      .preview header {
        display: flex;
        justify-content: space-between;
        align-items: center;
        padding: 4px 8px;
        background: var(--am-surface);
        font-family: var(--am-mono);
        font-size: 12px;
      }
      .preview pre {
        margin: 0;
        padding: 8px;
        max-height: 320px;
      }
      .from-agent {
        font-size: 11px;
        color: var(--am-muted);
        border: 1px dashed var(--am-border);
        border-radius: var(--am-radius);
        padding: 0 4px;
        white-space: nowrap;
      }
      [role="alert"] {
        color: var(--am-danger);
      }
      /* In a narrow window the rows' buttons, dates and long names wrap instead of widening the page. */
      @media (max-width: 600px) {
        td {
          overflow-wrap: anywhere;
        }
        td.size,
        td.actions {
          white-space: normal;
        }
      }
    `,
  ]

  override connectedCallback(): void {
    super.connectedCallback()
    void this.load("")
  }

  async load(folder: string) {
    this.loading = true
    this.error = ""
    try {
      const entries = (await globalThis.agent.tools.call("opfs_list", folder ? { path: folder } : {})) as ReadonlyArray<Entry>
      this.entries = [...entries].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "directory" ? -1 : 1))
      this.folder = folder
    } catch (error) {
      this.error = caughtText(error)
    } finally {
      this.loading = false
    }
  }

  private async show(path: string) {
    this.error = ""
    try {
      const result = (await globalThis.agent.tools.call("opfs_read", { path, mode: "auto" })) as {
        content?: string
        next_offset?: number
        blob_url?: string
        mime_type?: string
      }
      this.preview =
        result.content !== undefined
          ? { path, text: result.content, more: result.next_offset !== undefined }
          : { path, text: t("binaryFile", result.mime_type ?? ""), more: false }
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  private async download(path: string) {
    this.error = ""
    try {
      const { blob_url } = (await globalThis.agent.tools.call("opfs_read", { path, mode: "blob" })) as { blob_url: string }
      const a = document.createElement("a")
      a.href = blob_url
      a.download = path.split("/").at(-1) ?? "file"
      document.body.append(a)
      a.click()
      a.remove()
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  // No confirmation: a deletion goes to the trash, restorable below.
  private async deleteEntry(path: string) {
    this.error = ""
    try {
      await globalThis.agent.tools.call("opfs_delete", { path })
      if (this.preview?.path === path) this.preview = undefined
      await this.load(this.folder)
      if (this.history?.title === t("trash")) await this.showTrash()
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  private async openHistory(title: string, empty: string, reload: () => Promise<ReadonlyArray<WorkspaceKept>>, withUsage = false) {
    this.error = ""
    this.status = ""
    try {
      const items = await reload()
      this.history = { title, empty, items, reload, ...(withUsage ? { usage: await globalThis.agent.workspace.usage() } : {}) }
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  private showVersions(path: string) {
    return this.openHistory(t("versionsNamed", path), t("noVersions"), () => globalThis.agent.workspace.versions(path))
  }

  private showTrash() {
    return this.openHistory(t("trash"), t("trashEmpty"), () => globalThis.agent.workspace.trash(), true)
  }

  private async restore(item: WorkspaceKept) {
    this.error = ""
    try {
      await globalThis.agent.workspace.restore(item.id)
      this.status = t("restored", item.path)
      if (this.history)
        this.history = {
          ...this.history,
          items: await this.history.reload(),
          ...(this.history.usage ? { usage: await globalThis.agent.workspace.usage() } : {}),
        }
      if (this.preview?.path === item.path) await this.show(item.path)
      await this.load(this.folder)
    } catch (error) {
      this.error = caughtText(error)
    }
  }

  private renderHistory(history: History) {
    return html`<section class="preview" aria-label=${history.title} data-testid="workspace-history">
      <header>
        <span>${history.title}</span
        ><button type="button" class="icon" @click=${() => (this.history = undefined)} aria-label=${t("closePreview")}>✕</button>
      </header>
      ${history.usage ? html`<p class="muted" data-testid="history-usage">${usageText(history.usage)}</p>` : nothing}
      ${
        history.items.length === 0
          ? html`<p class="muted">${history.empty}</p>`
          : html`<table>
              <tbody>
                ${history.items.map((item) => {
                  const when = new Date(item.at).toLocaleString()
                  return html`<tr>
                    <td>${item.entry === "directory" ? html`${folderIcon()} ${item.path}/` : item.path}</td>
                    <td class="size">${when}</td>
                    <td class="size">${sizeText(item.size)}</td>
                    <td class="actions">
                      <button type="button" @click=${() => this.restore(item)} aria-label=${t("restoreNamed", item.path, when)}>
                        ${t("restore")}
                      </button>
                    </td>
                  </tr>`
                })}
              </tbody>
            </table>`
      }
    </section>`
  }

  override render() {
    return html`
      <div class="bar">
        <button type="button" ?disabled=${this.folder === ""} @click=${() => this.load(parentOf(this.folder))} aria-label=${t("upFolder")}>
          ↑
        </button>
        <span class="path" aria-live="polite">/${this.folder}</span>
        <button type="button" @click=${() => this.load(this.folder)}>${t("refresh")}</button>
        <button type="button" @click=${() => this.showTrash()}>${t("trash")}</button>
      </div>
      ${this.error ? html`<p role="alert">${this.error}</p>` : nothing} ${this.status ? html`<p role="status">${this.status}</p>` : nothing}
      ${
        this.entries.length === 0
          ? html`<p class="muted">${this.loading ? t("loading") : t("workspaceEmpty")}</p>`
          : html`<table data-testid="workspace-files">
              <thead>
                <tr>
                  <th scope="col">${t("fileName")}</th>
                  <th scope="col">${t("fileSize")}</th>
                  <th scope="col"><span class="visually-hidden">${t("actions")}</span></th>
                </tr>
              </thead>
              <tbody>
                ${this.entries.map((e) => {
                  const path = joinPath(this.folder, e.name)
                  return html`<tr>
                    <td>
                      ${
                        e.kind === "directory"
                          ? html`<button type="button" class="link" @click=${() => this.load(path)}>${folderIcon()} ${e.name}/</button>`
                          : html`<button type="button" class="link" @click=${() => this.show(path)} aria-label=${t("previewNamed", e.name)}>
                              ${e.name}
                            </button>`
                      }${e.untrusted ? html` <span class="from-agent" data-testid="from-agent" title=${t("nameFromAgentHint")}>${t("nameFromAgent")}</span>` : ""}
                    </td>
                    <td class="size">${e.size !== undefined ? sizeText(e.size) : ""}</td>
                    <td class="actions">
                      ${
                        e.kind === "file"
                          ? html`<button type="button" @click=${() => this.showVersions(path)} aria-label=${t("versionsNamed", e.name)}>
                                ${t("versions")}</button
                              ><button type="button" @click=${() => this.download(path)} aria-label=${t("downloadNamed", e.name)}>
                                ${t("download")}
                              </button>`
                          : nothing
                      }
                      <button type="button" class="danger" @click=${() => this.deleteEntry(path)} aria-label=${t("deleteNamed", e.name)}>
                        ${t("delete")}
                      </button>
                    </td>
                  </tr>`
                })}
              </tbody>
            </table>`
      }
      ${this.history ? this.renderHistory(this.history) : nothing}
      ${
        this.preview
          ? html`<section class="preview" aria-label=${t("previewNamed", this.preview.path)} data-testid="file-preview">
              <header>
                <span>${this.preview.path}</span
                ><button type="button" class="icon" @click=${() => (this.preview = undefined)} aria-label=${t("closePreview")}>✕</button>
              </header>
              <pre tabindex="0">${this.preview.text}${this.preview.more ? `\n${t("previewTruncated")}` : ""}</pre>
            </section>`
          : nothing
      }
    `
  }
}
customElements.define("am-workspace", AmWorkspace)
