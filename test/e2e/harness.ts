/**
 * End-to-end harness: loads the built extension (dist/) into real headless Chromium with a
 * fresh or given profile, and opens its pages. The browser is CHROMIUM_PATH, by default
 * Debian's /usr/bin/chromium.
 */
import { chromium, type BrowserContext, type Page, type Worker } from "playwright-core"
import { chromiumPath, extensionLaunchArgs } from "../../scripts/chromium.mjs"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { rmSync } from "node:fs"
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
  /** Closes the browser; its profile is removed unless `keepProfile` (to relaunch on it). */
  close(options?: { keepProfile?: boolean }): Promise<void>
}

/**
 * The profiles this process made. Each is removed when the last session on it closes, after a
 * failed launch, and, whatever happened to the tests, when the process exits.
 */
const ownProfiles = new Set<string>()
process.once("exit", () => {
  for (const dir of ownProfiles) rmSync(dir, { recursive: true, force: true })
})

/** Makes a profile this process owns (a relaunch on it with `userDataDir` keeps owning it). */
export const makeProfile = async (): Promise<string> => {
  const dir = await mkdtemp(path.join(tmpdir(), "agent-mesh-profile-"))
  ownProfiles.add(dir)
  return dir
}

const removeProfile = async (dir: string) => {
  if (!ownProfiles.delete(dir)) return
  await rm(dir, { recursive: true, force: true })
}

/**
 * A switch that makes every name but the local ones fail to resolve at once. Offline, a saved
 * page's images and scripts on its site's hosts otherwise held its load event about 5 s longer
 * (capture-marks: 3 of 13 pages), to end the same, with those parts missing.
 */
export const NO_PUBLIC_NAMES = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"

/**
 * Starts Chromium with the built extension, in the language `lang` when given. Without `userDataDir` it gets a fresh profile of its
 * own; with one made by `makeProfile` (or kept from an earlier session), that profile is still
 * removed when this session closes; any other folder is the caller's and is left alone.
 */
export const launchExtension = async (
  options: {
    userDataDir?: string
    headless?: boolean
    /** The UI language (Chromium's `--lang`), e.g. "ja". */
    lang?: string
    /** More Chromium switches, e.g. `--host-resolver-rules` to give a test name a local address. */
    args?: ReadonlyArray<string>
  } = {},
): Promise<ExtensionSession> => {
  await stat(path.join(distDir, "manifest.json")).catch(() => {
    throw new Error("dist/ is missing: run `node build.mjs` first (npm test does).")
  })
  const userDataDir = options.userDataDir ?? (await makeProfile())
  let context: BrowserContext
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless: options.headless ?? true,
      args: [...extensionLaunchArgs(distDir), ...(options.lang ? [`--lang=${options.lang}`] : []), ...(options.args ?? [])],
      ...(options.lang ? { locale: options.lang, env: { ...process.env, LANGUAGE: options.lang } } : {}),
    })
  } catch (error) {
    await removeProfile(userDataDir)
    throw error
  }
  // A locator's wait, like `until`, lasts as long as the state takes up to the hang guard:
  // Playwright's own 30 s were outrun on a loaded machine (CI, both halves of the suite at once).
  context.setDefaultTimeout(HANG_GUARD_MS)
  const serviceWorker = async () => {
    const existing = context.serviceWorkers().find((w) => w.url().endsWith("/service-worker.js"))
    return (
      existing ??
      (await context.waitForEvent("serviceworker", { predicate: (w) => w.url().endsWith("/service-worker.js"), timeout: 15_000 }))
    )
  }
  let extensionId: string
  try {
    extensionId = new URL((await serviceWorker()).url()).host
  } catch (error) {
    await context.close().catch(() => undefined)
    await removeProfile(userDataDir)
    throw error
  }
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
      try {
        await context.close()
      } finally {
        if (!keepProfile) await removeProfile(userDataDir)
      }
    },
  }
}

/** Runs `agent.tools.call` in a page and returns the result (a built-in tool's typed by its definition) or the error's `{ code, message }`. */
export const callTool = <N extends string>(page: Page, name: N, params: unknown, options: Record<string, unknown> = {}) =>
  page.evaluate(
    async ([name, params, options]) => {
      try {
        return { ok: true as const, value: await globalThis.agent.tools.call(name, params, options as object) }
      } catch (error) {
        const e = error as { code?: string; message?: string; parameter?: string; params?: ReadonlyArray<string> }
        // `params`: the values the panel's wording of the code takes (only when the error has some).
        const worded: { params?: ReadonlyArray<string> } = e.params === undefined ? {} : { params: e.params }
        return { ok: false as const, error: { code: e.code, message: e.message, parameter: e.parameter, ...worded } }
      }
    },
    [name, params, options] as const,
  )

/**
 * Past any wait a loaded machine can explain: a state still not reached by then never will be,
 * and the test fails naming it rather than hanging.
 */
export const HANG_GUARD_MS = 120_000

/**
 * Waits until `condition` holds (state seen from Node: a server's log, a CDP event, a page's
 * answer), checking again every 50 ms. No margin to tune: it waits as long as the state takes,
 * up to the hang guard.
 */
export const until = async (condition: () => boolean | Promise<boolean>, what: string): Promise<void> => {
  const deadline = Date.now() + HANG_GUARD_MS
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting, after ${HANG_GUARD_MS / 1000} s, for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Runs one chat turn from `page` in the conversation `conversationId`, and resolves with its result once it ended. */
export const chatIn = (page: Page, prompt: string, conversationId: string) =>
  page.evaluate(
    async ([prompt, conversationId]) => {
      const run = globalThis.agent.chat(prompt, { conversationId })
      for await (const _ of run) void _
      return run.result
    },
    [prompt, conversationId] as const,
  )

/** Makes the test's scripted model server (OpenAI wire format) the extension's default model. */
export const useScriptedModel = (page: Page, baseUrl: string): Promise<unknown> =>
  page.evaluate(
    (baseUrl) =>
      globalThis.agent.settings.update({
        providers: [{ id: "m", name: "m", kind: "openai", baseUrl }],
        defaultModel: { providerId: "m", model: "x" },
      }),
    baseUrl,
  )

/**
 * Makes the scripted model server the default model as a person would set it up: a provider
 * named "Local" that lists `models`, the first of them the default. The panel's model picker
 * shows them as "<model> · Local".
 */
export const useListedModel = (page: Page, baseUrl: string, models: ReadonlyArray<string>): Promise<unknown> =>
  page.evaluate(
    ({ baseUrl, models }) =>
      globalThis.agent.settings.update({
        providers: [{ id: "local", name: "Local", kind: "openai", baseUrl, models }],
        defaultModel: { providerId: "local", model: models[0]! },
      }),
    { baseUrl, models: [...models] },
  )

/** A fresh extension's side panel whose default model is a scripted model server: where most chat tests start. */
export interface ScriptedPanel {
  readonly model: ModelServer
  readonly session: ExtensionSession
  readonly panel: Page
  /** Closes the browser, then the model server. */
  close(): Promise<void>
}

export const openScriptedPanel = async (): Promise<ScriptedPanel> => {
  const model = await startModelServer()
  let session: ExtensionSession | undefined
  try {
    session = await launchExtension()
    const panel = await session.openPage("sidepanel.html")
    await useScriptedModel(panel, model.baseUrl("openai"))
    const opened = session
    const close = async () => {
      try {
        await opened.close()
      } finally {
        await model.close()
      }
    }
    return { model, session, panel, close }
  } catch (error) {
    await session?.close()
    await model.close()
    throw error
  }
}
