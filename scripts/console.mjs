// `npm run console`: the developer API from a terminal. Builds the extension, starts Chromium
// with it (headless; `--headed` to watch), opens the side panel page and starts a Node REPL in
// which `agent` is that page's `globalThis.agent`, every call forwarded into the page.
//   npm run console [-- --headed] [-- --no-build]
//   DIST_DIR=out npm run console      build to and load from another folder
//   CHROMIUM_PATH=... npm run console another browser (default /usr/bin/chromium)
// With piped input (not a terminal) it runs each line in order, waiting for a line's promise
// before the next, and exits at the end of the input once everything has settled.
import { spawnSync } from "node:child_process"
import { randomUUID } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import repl from "node:repl"
import readline from "node:readline"
import { PassThrough } from "node:stream"
import { fileURLToPath, pathToFileURL } from "node:url"
import { chromium } from "playwright-core"
import { chromiumPath, extensionLaunchArgs } from "./chromium.mjs"

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
  if (build.status !== 0) throw new Error(`node build.mjs failed (exit ${build.status ?? build.signal})`)
}

/**
 * Starts Chromium with the built extension in a fresh profile and opens the side panel page.
 * `bindings` are exposed to the page before it loads (page → Node calls); `extraArgs` are
 * added to the browser's flags (the benchmark's self-signed HTTP/2 server needs one).
 * @param {{ headless?: boolean, bindings?: Record<string, (source: unknown, ...args: any[]) => unknown>, extraArgs?: string[] }} [options]
 */
export const launchExtension = async ({ headless = true, bindings = {}, extraArgs = [] } = {}) => {
  const userDataDir = await mkdtemp(path.join(tmpdir(), "agent-mesh-console-"))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless,
    args: [...launchArgs(), ...extraArgs],
  })
  const isServiceWorker = (/** @type {{ url(): string }} */ w) => w.url().endsWith("/service-worker.js")
  const worker =
    context.serviceWorkers().find(isServiceWorker) ??
    (await context.waitForEvent("serviceworker", { predicate: isServiceWorker, timeout: 15_000 }))
  const extensionId = new URL(worker.url()).host
  for (const [name, fn] of Object.entries(bindings)) await context.exposeBinding(name, fn)
  const page = await context.newPage()
  await page.goto(`chrome-extension://${extensionId}/sidepanel.html`)
  await page.waitForFunction(() => typeof (/** @type {any} */ (globalThis).agent) === "object")
  let closed = false
  return {
    context,
    page,
    extensionId,
    async close() {
      if (closed) return
      closed = true
      await context.close().catch(() => undefined)
      await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined)
    },
  }
}

/** A failure of the developer API, as in the page: an Error with `code`, `message` and maybe `parameter`. */
export class AgentError extends Error {
  /** @param {{ code?: string, message?: string, parameter?: string, name?: string }} wire */
  constructor(wire) {
    super(wire.message ?? "unknown error")
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
        settle = (outcome) => (outcome.ok ? resolve(outcome.value) : reject(new AgentError(outcome.error)))
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
    return Object.assign(run, {
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

const main = async () => {
  const argv = new Set(process.argv.slice(2))
  const unknown = [...argv].filter((a) => !["--headed", "--no-build"].includes(a))
  if (unknown.length) {
    console.error(`Unknown option ${unknown.join(" ")}. Use: npm run console [-- --headed] [-- --no-build]`)
    process.exit(2)
  }
  if (!argv.has("--no-build")) buildExtension()

  /** @type {(message: unknown) => void} */
  let receive = () => undefined
  const session = await launchExtension({
    headless: !argv.has("--headed"),
    bindings: { [BINDING]: (_source, message) => receive(message) },
  })
  const bridge = await connectAgent(session.page)
  receive = bridge.receive

  let exiting = false
  const shutdown = async (/** @type {number} */ code) => {
    if (exiting) return
    exiting = true
    await session.close()
    process.exit(code)
  }
  session.context.on("close", () => {
    if (exiting) return
    console.error("The browser closed; leaving the console.")
    void shutdown(1)
  })
  // A stray rejection (a promise nobody awaited) is reported, not the end of the console.
  process.on("unhandledRejection", (reason) => console.error("Unhandled rejection:", reason))

  const interactive = Boolean(process.stdin.isTTY)
  console.log(`Agent Mesh console: extension ${session.extensionId}${argv.has("--headed") ? "" : " (headless)"}, side panel page open.`)
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
  })
  server.on("reset", () => Object.assign(globalThis, globals))
  server.on("exit", () => {
    void bridge.settled().then(() => shutdown(0))
  })
  if (feed) pipeLines(process.stdin, server, feed)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
