/**
 * The route that runs execute_script's program in a page's MAIN world. Two ways, in this order:
 * 1. chrome.userScripts.execute: runs the program as a script of its own, without eval, so it
 *    works on pages whose Content Security Policy forbids eval. It exists only when the user
 *    has allowed user scripts for the extension ("Allow user scripts" on its Details page).
 * 2. chrome.scripting.executeScript with a function that evaluates the program: needs no user
 *    setting, but the page's CSP applies, so it fails on pages that forbid eval.
 * When neither can run, the error says what to turn on.
 */
import * as Effect from "effect/Effect"
import { PermissionDenied, ToolFailed } from "../../schemas/errors.ts"
import type { ScriptOutcome } from "../../workers/page/injected/script-runtime.ts"
import { defineRoute } from "./route.ts"
import { chromeError } from "./tabs.ts"
import { routeParams } from "../../schemas/sw-contracts.decoders.ts"

/** A marker for "eval is forbidden here", distinct from anything the program can return. */
const EVAL_BLOCKED = "agent-mesh/eval-blocked"

/** The extension's Details page in chrome://extensions, where its "Allow user scripts" switch is. */
export const extensionDetailsUrl = (): string => `chrome://extensions/?id=${chrome.runtime.id}`

/** What the user does to allow user scripts: exact, since the model passes it on as it is. */
export const userScriptsHint = (): string =>
  `To run scripts on such pages, allow user scripts for Agent Mesh: open ${extensionDetailsUrl()} (the extension's Details page) and turn on "Allow user scripts" (on Chrome before 138, turn on Developer mode at the top right of chrome://extensions instead), then try again. Agent Mesh's options page (User scripts) has a button that opens that page and shows whether they are on.`

/**
 * Whether user scripts are allowed for the extension. chrome.userScripts exists whenever the
 * permission is granted, but its calls throw until the user allows them: Chrome's own check.
 */
export const userScriptsAllowed = async (): Promise<boolean> => {
  if (chrome.userScripts === undefined) return false
  try {
    await chrome.userScripts.getScripts()
    return true
  } catch {
    return false
  }
}

const scriptable = (url: string) => /^https?:/.test(url)

/** Evaluates the program in the page; its own try/catch tells a CSP refusal from a script error. */
const evaluateProgram = (program: string, marker: string): unknown => {
  try {
    // oxlint-disable-next-line no-eval -- running the model's program in the page is this function's purpose
    return (0, eval)(program)
  } catch (error) {
    if (error instanceof EvalError) return { [marker]: String(error.message) }
    throw error
  }
}

const runProgram = async (tabId: number, program: string) => {
  const tab = await chrome.tabs.get(tabId)
  const url = tab.url || tab.pendingUrl || ""
  if (!scriptable(url)) {
    throw new PermissionDenied({
      message: `Scripts can only run in web pages (http or https); tab ${tabId} shows ${url.split(/[?#]/)[0] || "a page the extension cannot see"}. Open a web page with open_tab, or pick another tab with list_tabs.`,
    })
  }
  let userScriptsError = ""
  if (typeof chrome.userScripts?.execute === "function") {
    let frames: chrome.userScripts.InjectionResult<unknown>[] | undefined
    try {
      frames = await chrome.userScripts.execute({ target: { tabId }, world: "MAIN", js: [{ code: program }] })
    } catch (error) {
      // Refused before anything ran: the other way may still work.
      userScriptsError = error instanceof Error ? error.message : String(error)
    }
    // Injected: whatever happened, the code may have run, so it must not run a second time.
    if (frames !== undefined) return noResultUnless(frames[0]?.result, frames[0]?.error)
  }
  const [frame] = await chrome.scripting.executeScript({
    target: { tabId },
    world: "MAIN",
    func: evaluateProgram,
    args: [program, EVAL_BLOCKED],
  })
  const result = frame?.result as unknown
  if (result !== null && typeof result === "object" && EVAL_BLOCKED in result) {
    // The message carries the exact steps and the Details page's address (the UI knows the code).
    throw new ToolFailed({
      code: "scripts_blocked",
      message: `This page's Content Security Policy forbids running code strings, ${
        userScriptsError ? `and user scripts failed too (${userScriptsError}).` : "and user scripts are not allowed for Agent Mesh."
      } ${userScriptsHint()}`,
    })
  }
  return noResultUnless(result, undefined)
}

const noResultUnless = (result: unknown, error: string | undefined) => {
  if (result != null) return result
  throw new ToolFailed({
    code: "script_error",
    message: `The page gave no result${error ? ` (${error})` : ""}: it may have navigated or reloaded while the script ran. Check the page before trying again.`,
  })
}

export const scriptingRoutes = {
  /** Whether user scripts are allowed (the options page shows it), and where the user allows them. */
  "userScripts.status": defineRoute({
    params: routeParams["userScripts.status"],
    handle: () => Effect.promise(async () => ({ allowed: await userScriptsAllowed(), detailsUrl: extensionDetailsUrl() })),
  }),
  /** Opens the extension's Details page, where "Allow user scripts" is (pages cannot open chrome:// addresses). */
  "userScripts.openDetails": defineRoute({
    params: routeParams["userScripts.openDetails"],
    handle: () =>
      Effect.tryPromise({
        try: async () => ({ tabId: (await chrome.tabs.create({ url: extensionDetailsUrl(), active: true })).id ?? null }),
        catch: chromeError,
      }),
  }),
  /** Runs a program made by execute_script (workers/page/injected/script-runtime.ts) and returns its outcome. */
  "scripting.runInPage": defineRoute({
    params: routeParams["scripting.runInPage"],
    handle: ({ tabId, program }) =>
      Effect.tryPromise({
        // The program evaluates to its outcome (workers/page/injected/script-runtime.ts, programFor).
        try: () => runProgram(tabId, program) as Promise<ScriptOutcome>,
        catch: (error) => (error instanceof PermissionDenied || error instanceof ToolFailed ? error : chromeError(error)),
      }),
  }),
}
