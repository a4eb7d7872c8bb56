/**
 * End-to-end harness: loads the built extension (dist/) into real headless Chromium with a
 * fresh or given profile, and opens its pages. The browser is CHROMIUM_PATH, by default
 * Debian's /usr/bin/chromium.
 */
import { chromium, type BrowserContext, type Page, type Worker } from "playwright-core"
import { chromiumPath, extensionLaunchArgs } from "../../scripts/chromium.mjs"
import { mkdtemp, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
export const distDir = path.resolve(repoRoot, process.env.DIST_DIR ?? "dist")
export const fixturesDir = path.join(repoRoot, "test", "fixtures")
export { chromiumPath }

export interface ExtensionSession {
  readonly context: BrowserContext
  readonly extensionId: string
  readonly userDataDir: string
  serviceWorker(): Promise<Worker>
  /** Opens an extension page (e.g. "sidepanel.html") as a tab and waits for `agent`. */
  openPage(file: string): Promise<Page>
  close(options?: { keepProfile?: boolean }): Promise<void>
}

export const launchExtension = async (options: { userDataDir?: string; headless?: boolean } = {}): Promise<ExtensionSession> => {
  await stat(path.join(distDir, "manifest.json")).catch(() => {
    throw new Error("dist/ is missing: run `node build.mjs` first (npm test does).")
  })
  const userDataDir = options.userDataDir ?? (await mkdtemp(path.join(tmpdir(), "agent-mesh-profile-")))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: options.headless ?? true,
    args: extensionLaunchArgs(distDir),
  })
  const serviceWorker = async () => {
    const existing = context.serviceWorkers().find((w) => w.url().endsWith("/service-worker.js"))
    return (
      existing ??
      (await context.waitForEvent("serviceworker", { predicate: (w) => w.url().endsWith("/service-worker.js"), timeout: 15_000 }))
    )
  }
  const extensionId = new URL((await serviceWorker()).url()).host
  return {
    context,
    extensionId,
    userDataDir,
    serviceWorker,
    async openPage(file) {
      const page = await context.newPage()
      await page.goto(`chrome-extension://${extensionId}/${file}`)
      await page.waitForFunction(() => typeof (globalThis as { agent?: unknown }).agent === "object")
      return page
    },
    async close({ keepProfile = false } = {}) {
      await context.close()
      if (!keepProfile && options.userDataDir === undefined) await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Runs `agent.tools.call` in a page and returns the result or the error's `{ code, message }`. */
export const callTool = (page: Page, name: string, params: unknown, options: Record<string, unknown> = {}) =>
  page.evaluate(
    async ([name, params, options]) => {
      try {
        return { ok: true as const, value: await globalThis.agent.tools.call(name as string, params, options as object) }
      } catch (error) {
        const e = error as { code?: string; message?: string; parameter?: string }
        return { ok: false as const, error: { code: e.code, message: e.message, parameter: e.parameter } }
      }
    },
    [name, params, options] as const,
  )
