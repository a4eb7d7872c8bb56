// `npm run console`: the developer API from a terminal. Builds the extension, starts Chromium
// with it (headless unless --headed), opens the side panel page and starts a Node REPL in which
// `agent` is that page's `globalThis.agent`, every call forwarded into the page.
//   npm run console -- [--headed] [--no-build] [--demo] [--profile DIR]
//     --headed        show the browser window
//     --no-build      load dist/ as it is
//     --demo          start the offline demo model (scripts/demo-model.mjs) and make it the
//                     default, then try: (await agent.chat("What is on the demo page?").result).answer
//     --profile DIR   keep the browser profile (settings, conversations) in DIR between runs;
//                     by default a temporary profile is used and removed on exit
//   DIST_DIR=out npm run console      build to and load from another folder
//   CHROMIUM_PATH=... npm run console another browser (default /usr/bin/chromium)
// With piped input (not a terminal) it runs each line in order, waiting for a line's promise
// before the next, and exits at the end of the input once everything has settled, e.g.
//   printf '(await agent.chat("hi").result).answer\n' | npm run console -- --demo
import { spawnSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import { constants, rmSync } from "node:fs"
import { access, mkdir, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import repl from "node:repl"
import { inspect } from "node:util"
import readline from "node:readline"
import { PassThrough } from "node:stream"
import { fileURLToPath, pathToFileURL } from "node:url"
import { chromium } from "playwright-core"
import { chromiumPath, extensionLaunchArgs } from "./chromium.mjs"
import { startDemo, useDemoModel } from "./demo-model.mjs"

export const repoRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
export const distDir = path.resolve(repoRoot, process.env.DIST_DIR ?? "dist")
export { chromiumPath }

/** The same flags as test/e2e/harness.ts, so the console sees what the tests see. */
export const launchArgs = (dist = distDir) => extensionLaunchArgs(dist)

/**
 * Runs build.mjs (it honours DIST_DIR itself); its log goes to stderr, keeping stdout for results.
 * @param {string[]} [args] build.mjs's flags, e.g. ["--production"]
 */
export const buildExtension = (args = []) => {
  const build = spawnSync(process.execPath, [path.join(repoRoot, "build.mjs"), ...args], { stdio: ["ignore", 2, 2], env: process.env })
  if (build.status !== 0) throw new StartError(`node build.mjs failed (exit ${build.status ?? build.signal}); its errors are above.`)
}

/** What kept the console from starting (the build, the browser), said in one line. */
export class StartError extends Error {
  name = "StartError"
}

/** @param {unknown} error @param {string} profile */
const launchProblem = (error, profile) => {
  const text = error instanceof Error ? error.message : String(error)
  if (/Missing X server|\$DISPLAY|cannot open display/i.test(text))
    return "Chromium could not open a window: there is no display (run it headless: npm start -- --headless, or npm run console without --headed)."
  if (/doesn't exist|ENOENT|no such file/i.test(text))
    return `Chromium was not found at ${chromiumPath}: set CHROMIUM_PATH to a Chromium or Chrome.`
  if (/ProcessSingleton|profile appears to be in use/i.test(text))
    return `The profile ${profile} is in use by another Chromium: close it, or use another --profile.`
  const exit = /process did exit: exitCode=(\w+), signal=(\w+)/.exec(text)
  if (exit)
    return `Chromium (${chromiumPath}) did not start: it exited at once (${exit[2] === "null" ? `exit code ${exit[1]}` : `signal ${exit[2]}`}).`
  const first = text.split("\n").find((line) => line.trim() !== "") ?? text
  return `Chromium (${chromiumPath}) did not start: ${first.replace(/^[\w.]+: /, "")}`
}

/**
 * Starts Chromium with the built extension and opens the side panel page. The profile is
 * `profile` (made if missing, kept), or else a temporary one removed on close, after a failed
 * launch, and at the latest when the process exits. `bindings` are exposed to the page before
 * it loads (page → Node calls); `extraArgs` are added to the browser's flags (the benchmark's
 * self-signed HTTP/2 server needs one). A failed launch throws a StartError.
 * @param {{ headless?: boolean, bindings?: Record<string, (source: unknown, ...args: any[]) => unknown>, extraArgs?: string[], profile?: string }} [options]
 */
export const launchExtension = async ({ headless = true, bindings = {}, extraArgs = [], profile } = {}) => {
  // Asked before Playwright, which leaves a scratch folder behind when the binary is missing.
  await access(chromiumPath, constants.X_OK).catch(() => {
    throw new StartError(launchProblem(new Error(`${chromiumPath} doesn't exist`), ""))
  })
  const userDataDir = profile === undefined ? await mkdtemp(path.join(tmpdir(), "agent-mesh-console-")) : path.resolve(profile)
  const removeProfile = () => {
    process.off("exit", removeOnExit)
    return profile === undefined ? rm(userDataDir, { recursive: true, force: true }).catch(() => undefined) : Promise.resolve()
  }
  const removeOnExit = () => rmSync(userDataDir, { recursive: true, force: true })
  if (profile === undefined) process.once("exit", removeOnExit)
  else await mkdir(userDataDir, { recursive: true })

  /** @type {import("playwright-core").BrowserContext} */
  let context
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: chromiumPath,
      headless,
      // A window keeps its own size; headless pages get Playwright's default.
      ...(headless ? {} : { viewport: null }),
      args: [...launchArgs(), ...extraArgs],
    })
  } catch (error) {
    await removeProfile()
    throw new StartError(launchProblem(error, userDataDir), { cause: error })
  }
  try {
    const isServiceWorker = (/** @type {{ url(): string }} */ w) => w.url().endsWith("/service-worker.js")
    const worker =
      context.serviceWorkers().find(isServiceWorker) ??
      (await context.waitForEvent("serviceworker", { predicate: isServiceWorker, timeout: 15_000 }))
    const extensionId = new URL(worker.url()).host
    for (const [name, fn] of Object.entries(bindings)) await context.exposeBinding(name, fn)
    // The tab the browser opened with, so a window shows the side panel page and no blank tab.
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`chrome-extension://${extensionId}/sidepanel.html`)
    await page.waitForFunction(() => typeof (/** @type {any} */ (globalThis).agent) === "object")
    let closed = false
    return {
      context,
      page,
      extensionId,
      userDataDir,
      async close() {
        if (closed) return
        closed = true
        await context.close().catch(() => undefined)
        await removeProfile()
      },
    }
  } catch (error) {
    await context.close().catch(() => undefined)
    await removeProfile()
    throw new StartError(
      `The extension did not load from ${distDir}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      {
        cause: error,
      },
    )
  }
}

/**
 * What a failure says where the console words it better than the page: the way to a model is the
 * panel's ⋯ menu or the options page, or this console's --demo (the agent's own message names a
 * path the console user does not have).
 * @param {{ code?: string, message?: string }} wire
 */
const consoleMessage = (wire) =>
  wire.code === "no_model"
    ? "No model is set up. Add a model provider and choose a default model in the extension's settings (the side panel's ⋯ → Settings, or its options page), start the console with --demo for the offline demo model, or pass { model: { providerId, model } }."
    : wire.message

/** A run's result, its error (a failed run's, which resolves) worded for the console. */
const worded = (/** @type {any} */ value) =>
  value?.error?.code === undefined ? value : { ...value, error: { ...value.error, message: consoleMessage(value.error) } }

/** A failure of the developer API, as in the page: an Error with `code`, `message` and maybe `parameter`. */
export class AgentError extends Error {
  /** @param {{ code?: string, message?: string, parameter?: string, name?: string }} wire */
  constructor(wire) {
    super(consoleMessage(wire) ?? "unknown error")
    this.name = wire.name && wire.name !== "Error" ? wire.name : "AgentError"
    this.code = wire.code ?? "error"
    if (wire.parameter !== undefined) this.parameter = wire.parameter
  }
}

const BINDING = "__agentConsoleEmit"

/**
 * The page's half of the bridge, run in the side panel page. It keeps what cannot cross the
 * wire (runs, abort controllers, the event subscription) and sends events to Node through the
 * binding, each run's events before its result, so Node sees them in order.
 */
const installPageBridge = (/** @type {string} */ binding) => {
  const g = /** @type {any} */ (globalThis)
  if (g.__agentConsole) return
  const emit = g[binding]
  const controllers = new Map()
  const runs = new Map()
  /** @type {undefined | (() => void)} */
  let unsubscribe
  const wire = (/** @type {any} */ e) => ({
    name: e?.name,
    code: e?.code ?? "error",
    message: e?.message ?? String(e),
    ...(e?.parameter !== undefined ? { parameter: e.parameter } : {}),
  })
  const target = (/** @type {string[]} */ path) => {
    let owner
    let value = g.agent
    for (const key of path) {
      owner = value
      value = value?.[key]
    }
    if (typeof value !== "function")
      throw Object.assign(new Error(`agent.${path.join(".")} is not a function in this build`), { code: "unknown_method" })
    return /** @type {(...args: unknown[]) => any} */ (value).bind(owner)
  }
  // An AbortSignal cannot cross to the page: Node sends a token and aborts it by id.
  const revive = (/** @type {unknown[]} */ args) =>
    args.map((arg) => {
      const token = /** @type {any} */ (arg)?.signal?.__consoleSignal
      if (token === undefined) return arg
      const controller = new AbortController()
      controllers.set(token, controller)
      return { .../** @type {object} */ (arg), signal: controller.signal }
    })
  g.__agentConsole = {
    /** The API's shape (functions and namespaces), for Node to mirror. */
    shape() {
      /** @type {(object: any) => Record<string, unknown>} */
      const walk = (object) =>
        Object.fromEntries(
          Object.entries(object).map(([key, value]) => [
            key,
            typeof value === "function" ? "function" : value && typeof value === "object" ? walk(value) : "value",
          ]),
        )
      return walk(g.agent)
    },
    async call(/** @type {string[]} */ path, /** @type {unknown[]} */ args, /** @type {string[]} */ signals) {
      try {
        return { ok: true, value: await target(path)(...revive(args)) }
      } catch (error) {
        return { ok: false, error: wire(error) }
      } finally {
        for (const id of signals) controllers.delete(id)
      }
    },
    abort(/** @type {string} */ id) {
      controllers.get(id)?.abort()
    },
    open(/** @type {string} */ handle, /** @type {string[]} */ path, /** @type {unknown[]} */ args) {
      const run = target(path)(...args)
      runs.set(handle, run)
      void (async () => {
        try {
          for await (const event of run) emit({ handle, kind: "event", event })
        } catch (error) {
          emit({ handle, kind: "event-error", error: wire(error) })
        }
        try {
          emit({ handle, kind: "result", ok: true, value: await run.result })
        } catch (error) {
          emit({ handle, kind: "result", ok: false, error: wire(error) })
        } finally {
          runs.delete(handle)
        }
      })()
      return { conversationId: run.conversationId, runId: run.runId, agentId: run.agentId }
    },
    async stop(/** @type {string} */ handle) {
      await runs.get(handle)?.stop()
    },
    subscribe(/** @type {boolean} */ on) {
      if (on && !unsubscribe) unsubscribe = g.agent.onEvent((/** @type {unknown} */ event) => emit({ kind: "mesh", event }))
      if (!on && unsubscribe) {
        unsubscribe()
        unsubscribe = undefined
      }
    },
  }
}

/** A stream of values pushed from the page, read with `for await`. */
const makeStream = () => {
  /** @type {unknown[]} */
  const queue = []
  /** @type {undefined | (() => void)} */
  let wake
  let ended = false
  /** @type {Error | undefined} */
  let failure
  return {
    push(/** @type {unknown} */ value) {
      queue.push(value)
      wake?.()
    },
    end(/** @type {Error | undefined} */ error) {
      ended = true
      failure = error
      wake?.()
    },
    async *iterate() {
      for (;;) {
        while (queue.length) yield queue.shift()
        if (ended) {
          if (failure) throw failure
          return
        }
        await new Promise((resolve) => (wake = () => resolve(undefined)))
        wake = undefined
      }
    },
  }
}

/**
 * `agent` in Node: the page's API mirrored method by method. Plain methods become a
 * page.evaluate; `chat` and `spawn` return runs whose events and result arrive through the
 * binding; `onEvent` listeners are fed from one page subscription.
 * @param {import("playwright-core").Page} page
 */
export const connectAgent = async (page) => {
  /** @type {Set<Promise<unknown>>} */
  const pending = new Set()
  /** @type {Map<string, { stream: ReturnType<typeof makeStream>, settle: (outcome: any) => void }>} */
  const runs = new Map()
  /** @type {Set<(event: unknown) => void>} */
  const listeners = new Set()

  const track = (/** @type {Promise<any>} */ promise) => {
    pending.add(promise)
    const forget = () => pending.delete(promise)
    promise.then(forget, forget)
    return promise
  }

  /** What the page sends through the binding. */
  const receive = (/** @type {any} */ message) => {
    if (message.kind === "mesh") {
      for (const listener of listeners) {
        try {
          listener(message.event)
        } catch (error) {
          console.error("agent.onEvent listener threw:", error)
        }
      }
      return
    }
    const run = runs.get(message.handle)
    if (!run) return
    if (message.kind === "event") run.stream.push(message.event)
    else if (message.kind === "event-error") run.stream.end(new AgentError(message.error))
    else if (message.kind === "result") {
      runs.delete(message.handle)
      run.stream.end(undefined)
      run.settle(message)
    }
  }

  const install = () => page.evaluate(installPageBridge, BINDING)
  await install()
  // A reload loses the page's half; put it back (runs in flight then are lost with the page).
  page.on("load", () => void install().catch(() => undefined))

  /** Swaps AbortSignals in option objects for tokens the page turns back into signals. */
  const prepare = (/** @type {unknown[]} */ args) => {
    /** @type {string[]} */
    const signals = []
    const sent = args.map((arg) => {
      const signal = /** @type {any} */ (arg)?.signal
      if (!(signal instanceof AbortSignal)) return arg
      const id = randomUUID()
      signals.push(id)
      const abort = () =>
        void page.evaluate((token) => /** @type {any} */ (globalThis).__agentConsole.abort(token), id).catch(() => undefined)
      if (signal.aborted) queueMicrotask(abort)
      else signal.addEventListener("abort", abort, { once: true })
      return { .../** @type {object} */ (arg), signal: { __consoleSignal: id } }
    })
    return { sent, signals }
  }

  const call =
    (/** @type {string[]} */ path) =>
    async (/** @type {unknown[]} */ ...args) => {
      const { sent, signals } = prepare(args)
      const outcome = await track(
        page.evaluate(
          ([path, args, signals]) => /** @type {any} */ (globalThis).__agentConsole.call(path, args, signals),
          /** @type {const} */ ([path, sent, signals]),
        ),
      )
      if (!outcome.ok) throw new AgentError(outcome.error)
      return outcome.value
    }

  /**
   * A chat or spawn run. Its ids come from the page, so they are filled in once it has started
   * (`await run.ready`); a chat's conversationId is chosen here, so it is known at once.
   */
  const open = (/** @type {string[]} */ path, /** @type {unknown[]} */ args) => {
    const handle = randomUUID()
    const stream = makeStream()
    /** @type {(outcome: any) => void} */
    let settle = () => undefined
    const result = track(
      new Promise((resolve, reject) => {
        settle = (outcome) => (outcome.ok ? resolve(worded(outcome.value)) : reject(new AgentError(outcome.error)))
      }),
    )
    // As in the page: a result nobody awaits must not end the console as an unhandled rejection.
    result.catch(() => undefined)
    runs.set(handle, { stream, settle })
    /** @type {Record<string, unknown>} */
    const run = {}
    const ready = track(
      page
        .evaluate(
          ([handle, path, args]) => /** @type {any} */ (globalThis).__agentConsole.open(handle, path, args),
          /** @type {const} */ ([handle, path, args]),
        )
        .then(
          (ids) => Object.assign(run, Object.fromEntries(Object.entries(ids).filter(([, v]) => v !== undefined))),
          (error) => {
            runs.delete(handle)
            const failure = new AgentError({ code: "unavailable", message: `could not start agent.${path.join(".")}: ${error.message}` })
            stream.end(failure)
            settle({ ok: false, error: failure })
            throw failure
          },
        ),
    )
    ready.catch(() => undefined)
    // Printed by the REPL (`await agent.chat("…")` without `.result`): one line saying what it is
    // and how to get its answer, where Node would list the promises' async hooks.
    let settled = "running"
    result.then(
      () => (settled = "finished"),
      () => (settled = "failed"),
    )
    const summary = () => {
      const ids = Object.entries(run).flatMap(([key, value]) =>
        typeof value === "string" && key.endsWith("Id") ? [`${key}: ${value}`] : [],
      )
      return `[agent.${path.join(".")} run${ids.length ? ` ${ids.join(", ")}` : ""}, ${settled}: await its .result for the answer, or for await (const e of it) for its events]`
    }
    return Object.assign(run, {
      [inspect.custom]: summary,
      ready,
      result,
      stop: async () => {
        await ready
        await page.evaluate((handle) => /** @type {any} */ (globalThis).__agentConsole.stop(handle), handle)
      },
      [Symbol.asyncIterator]: () => stream.iterate(),
    })
  }

  const onEvent = (/** @type {(event: unknown) => void} */ listener) => {
    if (typeof listener !== "function") throw new TypeError("agent.onEvent(listener): listener must be a function")
    listeners.add(listener)
    if (listeners.size === 1) void track(page.evaluate(() => /** @type {any} */ (globalThis).__agentConsole.subscribe(true)))
    return () => {
      if (!listeners.delete(listener) || listeners.size > 0) return
      void track(page.evaluate(() => /** @type {any} */ (globalThis).__agentConsole.subscribe(false))).catch(() => undefined)
    }
  }

  /** @type {(shape: Record<string, unknown>, prefix: string[]) => Record<string, any>} */
  const mirror = (shape, prefix) =>
    Object.fromEntries(
      Object.entries(shape).map(([key, kind]) => {
        const path = [...prefix, key]
        if (kind === "function") {
          if (path.length === 1 && key === "onEvent") return [key, onEvent]
          if (path.length === 1 && key === "spawn") return [key, (/** @type {unknown} */ options) => open(path, [options])]
          if (path.length === 1 && key === "chat") {
            return [
              key,
              (/** @type {string} */ prompt, /** @type {Record<string, unknown>} */ options = {}) => {
                const conversationId = options.conversationId ?? randomUUID()
                return Object.assign(open(path, [prompt, { ...options, conversationId }]), { conversationId })
              },
            ]
          }
          return [key, call(path)]
        }
        return [key, typeof kind === "object" && kind !== null ? mirror(/** @type {Record<string, unknown>} */ (kind), path) : undefined]
      }),
    )

  const agent = mirror(await page.evaluate(() => /** @type {any} */ (globalThis).__agentConsole.shape()), [])
  return {
    agent,
    receive,
    /** Resolves once every call, run and subscription start made so far has settled. */
    async settled() {
      while (pending.size) await Promise.allSettled(pending)
    },
  }
}

/** Feeds piped lines to the REPL one at a time, each once the one before has finished. */
const pipeLines = (
  /** @type {NodeJS.ReadableStream} */ source,
  /** @type {import("node:repl").REPLServer} */ server,
  /** @type {PassThrough} */ feed,
) => {
  /** @type {string[]} */
  const lines = []
  let ready = false
  let ended = false
  const pump = () => {
    if (!ready) return
    const line = lines.shift()
    if (line !== undefined) {
      ready = false
      feed.write(`${line}\n`)
    } else if (ended) {
      ready = false
      feed.end()
    }
  }
  // The REPL shows a prompt when it wants the next line: after an evaluation (including an
  // awaited one) settles, after an empty line, and for each line of an unfinished statement.
  const displayPrompt = server.displayPrompt.bind(server)
  server.displayPrompt = (preserveCursor) => {
    displayPrompt(preserveCursor)
    ready = true
    setImmediate(pump)
  }
  readline
    .createInterface({ input: source, crlfDelay: Infinity })
    .on("line", (line) => {
      lines.push(line)
      pump()
    })
    .on("close", () => {
      ended = true
      pump()
    })
  ready = true
  pump()
}

/** How the console is started (by this script's flags, or by `npm start` without a display). */
export const CONSOLE_USAGE = "npm run console -- [--headed] [--no-build] [--demo] [--profile DIR]"

/**
 * Reads `--flag` and `--name VALUE` (or `--name=VALUE`) options; a bare `--` (from typing
 * `npm run x -- -- --flag`) is skipped. Anything else is a one-line error naming the usage.
 * @param {string[]} argv @param {{ flags: string[], values: string[], usage: string }} spec
 * @returns {{ ok: true, flags: Set<string>, values: Map<string, string> } | { ok: false, message: string }}
 */
export const parseOptions = (argv, { flags, values, usage }) => {
  const found = new Set()
  const given = new Map()
  for (let i = 0; i < argv.length; i++) {
    const arg = /** @type {string} */ (argv[i])
    if (arg === "--") continue
    const [name = arg, inline] =
      arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg]
    if (flags.includes(name) && inline === undefined) found.add(name)
    else if (values.includes(name)) {
      const value = inline ?? argv[++i]
      if (value === undefined || value === "" || (inline === undefined && value.startsWith("--")))
        return { ok: false, message: `${name} needs a value. Use: ${usage}` }
      given.set(name, value)
    } else return { ok: false, message: `Unknown option ${arg}. Use: ${usage}` }
  }
  return { ok: true, flags: found, values: given }
}

/**
 * The console: the extension in Chromium, optionally the demo model, and a REPL on stdin.
 * Resolves when the console has started; the process exits when the REPL or the browser ends.
 * @param {{ headed?: boolean, build?: boolean, demo?: boolean, profile?: string }} options
 */
export const runConsole = async ({ headed = false, build = true, demo = false, profile } = {}) => {
  if (build) buildExtension()
  const model = demo ? await startDemo() : undefined

  /** @type {(message: unknown) => void} */
  let receive = () => undefined
  /** @type {Awaited<ReturnType<typeof launchExtension>>} */
  let session
  try {
    session = await launchExtension({
      headless: !headed,
      bindings: { [BINDING]: (_source, message) => receive(message) },
      ...(profile === undefined ? {} : { profile }),
    })
  } catch (error) {
    await model?.close()
    throw error
  }
  const bridge = await connectAgent(session.page)
  receive = bridge.receive

  let exiting = false
  const shutdown = async (/** @type {number} */ code) => {
    if (exiting) return
    exiting = true
    await session.close()
    await model?.close()
    process.exit(code)
  }
  session.context.on("close", () => {
    if (exiting) return
    console.error("The browser closed; leaving the console.")
    void shutdown(1)
  })
  // Ended from outside: close the browser and remove the temporary profile all the same.
  for (const signal of /** @type {const} */ (["SIGTERM", "SIGHUP"])) process.once(signal, () => void shutdown(1))
  // A stray rejection (a promise nobody awaited) is reported, not the end of the console.
  process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason))

  if (model) await useDemoModel(bridge.agent, model.provider)

  const interactive = Boolean(process.stdin.isTTY)
  console.log(
    `Agent Mesh console: extension ${session.extensionId}${headed ? "" : " (headless)"}, side panel page open; profile ${profile === undefined ? "temporary" : session.userDataDir}.`,
  )
  if (model) {
    console.log(`Demo model on ${model.baseUrl} (no key, no network), the default model now; it reads ${model.pageUrl}.`)
    console.log('Try: (await agent.chat("What is on the demo page?").result).answer')
  }
  console.log(
    `\`agent\` is the developer API (try: await agent.tools.list()). Exit with .exit or ${interactive ? "Ctrl+D" : "the end of the input"}.`,
  )

  const globals = { agent: bridge.agent, page: session.page, extensionId: session.extensionId }
  Object.assign(globalThis, globals)
  const feed = interactive ? undefined : new PassThrough()
  const server = repl.start({
    prompt: interactive ? "agent> " : "",
    input: feed ?? process.stdin,
    output: process.stdout,
    terminal: interactive,
    useGlobal: true,
    ignoreUndefined: !interactive,
    // An answer is text to read: printed as it is, not as a string literal cut into pieces joined by +.
    writer: (value) => (typeof value === "string" ? value : inspect(value, { colors: interactive, depth: 4 })),
  })
  server.on("reset", () => Object.assign(globalThis, globals))
  server.on("exit", () => {
    void bridge.settled().then(() => shutdown(0))
  })
  if (feed) pipeLines(process.stdin, server, feed)
}

/** Ends the process with the failure in one line (Playwright's messages run to dozens of lines). */
export const fail = (/** @type {unknown} */ error) => {
  const message = error instanceof Error ? error.message : String(error)
  console.error(error instanceof StartError ? message : (message.split("\n").find((line) => line.trim() !== "") ?? message))
  process.exit(1)
}

const main = async () => {
  const parsed = parseOptions(process.argv.slice(2), {
    flags: ["--headed", "--no-build", "--demo"],
    values: ["--profile"],
    usage: CONSOLE_USAGE,
  })
  if (!parsed.ok) {
    console.error(parsed.message)
    process.exit(2)
  }
  const profile = parsed.values.get("--profile")
  await runConsole({
    headed: parsed.flags.has("--headed"),
    build: !parsed.flags.has("--no-build"),
    demo: parsed.flags.has("--demo"),
    ...(profile === undefined ? {} : { profile }),
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main().catch(fail)
