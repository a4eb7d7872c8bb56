/**
 * The code that execute_script runs in the page and in the sandbox. Each exported function is
 * self-contained (no reference to anything outside its own body) because it is shipped as
 * source text: `String(fn)` is spliced into the program injected into a page and into the
 * sandbox's worker. Keep it that way: an outside reference would be undefined there.
 */

/** Where the code's value comes from: `split` is where the last expression starts (-1: none). */
export type BodyChoice = { readonly split: number } | { readonly syntaxError: string }

export type ScriptOutcome =
  | { readonly ok: true; readonly value: unknown; readonly type: string; readonly truncated?: boolean }
  | { readonly ok: false; readonly kind: "exception" | "timeout"; readonly name: string; readonly message: string; readonly stack?: string }

/**
 * Finds the start of the code's last statement when it is an expression, so that its value can
 * be returned, as a console would. V8 is the judge: a split is kept only when the statements
 * before it, the expression after it, and both together compile as an async function body.
 * Needs a context that may compile code (the sandbox): a page's CSP may forbid it.
 */
export function chooseBody(code: string): BodyChoice {
  const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (body: string) => unknown
  const compileError = (body: string): string | undefined => {
    try {
      new AsyncFunction(body)
      return undefined
    } catch (error) {
      return error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    }
  }
  const whole = compileError(code)
  if (whole !== undefined) return { syntaxError: whole }
  const src = code.replace(/[\s;]+$/, "")
  // A line that starts with one of these continues the previous one (no automatic semicolon),
  // so splitting there would change what the code means.
  const continuation = /^\s*(?:[([+\-*/%,.?:=<>&|^`]|in\b|instanceof\b)/
  const MAX_CANDIDATES = 64
  let tried = 0
  for (let i = src.length; i >= 0 && tried < MAX_CANDIDATES; i--) {
    const before = i === 0 ? ";" : src[i - 1]
    if (before !== ";" && before !== "\n" && before !== "}") continue
    const tail = src.slice(i)
    if (tail.trim() === "") continue
    if (before !== ";" && i !== 0 && continuation.test(tail)) continue
    tried++
    const head = src.slice(0, i)
    if (compileError(`return (${tail}\n)`) !== undefined) continue
    if (compileError(head) !== undefined) continue
    if (compileError(`${head}\nreturn (${tail}\n)`) !== undefined) continue
    return { split: i }
  }
  return { split: -1 }
}

/** The async function body for a choice: the last expression returned, or the code as it is. */
export const bodyFor = (code: string, split: number): string => {
  if (split < 0) return code
  const src = code.replace(/[\s;]+$/, "")
  return `${src.slice(0, split)}\nreturn (${src.slice(split)}\n)`
}

/**
 * Runs `fn`, waits for its promise up to `timeoutMs`, and turns the value into JSON: anything
 * JSON cannot hold (undefined, BigInt, functions, symbols, DOM nodes, cycles) is described by
 * a string in square brackets instead of failing. Exceptions come back with their stack.
 */
export function runAndDescribe(fn: () => unknown, maxChars: number, timeoutMs: number, lineOffset: number): Promise<ScriptOutcome> {
  const MAX_DEPTH = 24
  const MAX_ITEMS = 500
  let truncated = false
  let budget = 20_000

  const fixStack = (stack: string) =>
    stack
      .split("\n")
      .slice(0, 12)
      // Line numbers count from the first line of the user's code, not of our wrapper.
      .map((line) =>
        line.replace(/<anonymous>:(\d+):(\d+)/g, (_m, l: string, c: string) => `<anonymous>:${Math.max(1, Number(l) - lineOffset)}:${c}`),
      )
      .join("\n")

  const cut = (s: string, max: number) => (s.length > max ? ((truncated = true), `${s.slice(0, max)}…`) : s)

  const isNode = (v: object): v is Node => typeof (v as Node).nodeType === "number" && typeof (v as Node).nodeName === "string"

  const describeNode = (node: Node): string => {
    if (node.nodeType === 1) {
      const el = node as Element
      const attrs = ["id", "class", "name", "href", "src", "type"]
        .map((a) => (el.getAttribute(a) === null ? "" : ` ${a}="${cut(el.getAttribute(a) ?? "", 80)}"`))
        .join("")
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim()
      return `[${el.constructor?.name ?? "Element"} <${el.localName}${attrs}>${text ? ` ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}` : ""}]`
    }
    if (node.nodeType === 9) return `[Document ${(node as Document).URL}]`
    if (node.nodeType === 3) return `[Text ${JSON.stringify(cut(node.textContent ?? "", 80))}]`
    return `[${node.constructor?.name ?? "Node"} ${node.nodeName}]`
  }

  const describeError = (e: unknown): { name: string; message: string; stack?: string } => {
    if (e !== null && typeof e === "object" && "message" in e) {
      const err = e as { name?: unknown; message?: unknown; stack?: unknown }
      const out = { name: typeof err.name === "string" ? err.name : "Error", message: String(err.message) }
      return typeof err.stack === "string" ? { ...out, stack: fixStack(err.stack) } : out
    }
    let message: string
    try {
      message = typeof e === "symbol" ? e.toString() : String(e)
    } catch {
      message = Object.prototype.toString.call(e)
    }
    return { name: "Uncaught", message }
  }

  const walk = (v: unknown, path: string, ancestors: unknown[], paths: string[]): unknown => {
    if (--budget < 0) {
      truncated = true
      return "[…]"
    }
    switch (typeof v) {
      case "string":
        return cut(v, maxChars)
      case "number":
        return Number.isFinite(v) ? v : `[${String(v)}]`
      case "boolean":
        return v
      case "undefined":
        return "[undefined]"
      case "bigint":
        return `[BigInt ${String(v)}n]`
      case "symbol":
        return `[${v.toString()}]`
      case "function":
        return `[Function${v.name ? ` ${v.name}` : " (anonymous)"}]`
    }
    if (v === null) return null
    const obj = v as object
    const seen = ancestors.indexOf(obj)
    if (seen >= 0) return `[Circular → ${paths[seen]}]`
    if (ancestors.length >= MAX_DEPTH) {
      truncated = true
      return "[Object nested too deep]"
    }
    if (isNode(obj)) return describeNode(obj)
    if (typeof Window !== "undefined" && obj instanceof Window) return `[Window ${String((obj as Window).location?.href ?? "")}]`
    if (obj instanceof Error) return `[${obj.name}: ${cut(obj.message, 1000)}]`
    if (obj instanceof RegExp) return String(obj)
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? "[Invalid Date]" : obj.toISOString()
    if (typeof Promise !== "undefined" && obj instanceof Promise) return "[Promise]"
    const inner = [...ancestors, obj]
    const innerPaths = [...paths, path]
    const list = (items: Iterable<unknown>, label: (i: number) => string) => {
      const out: unknown[] = []
      let i = 0
      for (const item of items) {
        if (i >= MAX_ITEMS) {
          truncated = true
          out.push("[… more items]")
          break
        }
        out.push(walk(item, label(i), inner, innerPaths))
        i++
      }
      return out
    }
    if (Array.isArray(obj) || ArrayBuffer.isView(obj)) return list(obj as ArrayLike<unknown> as unknown[], (i) => `${path}[${i}]`)
    if (obj instanceof Map) return { "[Map]": list(obj.entries(), (i) => `${path}.<entry ${i}>`) }
    if (obj instanceof Set) return { "[Set]": list(obj.values(), (i) => `${path}.<item ${i}>`) }
    // NodeList, HTMLCollection and other array-likes of the DOM read best as arrays.
    const tag = Object.prototype.toString.call(obj)
    if ((tag === "[object NodeList]" || tag === "[object HTMLCollection]") && Symbol.iterator in obj) {
      return list(obj as Iterable<unknown>, (i) => `${path}[${i}]`)
    }
    if (typeof (obj as { toJSON?: unknown }).toJSON === "function") {
      try {
        const json = (obj as { toJSON: () => unknown }).toJSON()
        if (json !== obj) return walk(json, path, inner, innerPaths)
      } catch (error) {
        return `[toJSON threw: ${describeError(error).message}]`
      }
    }
    const out: Record<string, unknown> = {}
    let keys: string[]
    try {
      keys = Object.keys(obj)
    } catch {
      return `[${tag.slice(8, -1)}]`
    }
    for (const [n, key] of keys.entries()) {
      if (n >= MAX_ITEMS) {
        truncated = true
        out["[…]"] = `${keys.length - n} more keys`
        break
      }
      let value: unknown
      try {
        value = (obj as Record<string, unknown>)[key]
      } catch (error) {
        value = `[getter threw: ${describeError(error).message}]`
      }
      out[key] = walk(value, /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`, inner, innerPaths)
    }
    return out
  }

  const describe = (value: unknown): ScriptOutcome => {
    const type = typeof value
    let result = value === undefined ? null : walk(value, "$", [], [])
    let text = JSON.stringify(result) ?? "null"
    if (text.length > maxChars) {
      truncated = true
      result = `${text.slice(0, maxChars)}…`
      text = ""
    }
    return truncated ? { ok: true, value: result, type, truncated: true } : { ok: true, value: result, type }
  }

  return new Promise<ScriptOutcome>((resolve) => {
    const timer = setTimeout(
      () =>
        resolve({ ok: false, kind: "timeout", name: "TimeoutError", message: `The script did not finish within ${timeoutMs / 1000} s.` }),
      timeoutMs,
    )
    const settle = (outcome: () => ScriptOutcome) => {
      clearTimeout(timer)
      try {
        resolve(outcome())
      } catch (error) {
        resolve({
          ok: false,
          kind: "exception",
          ...describeError(error),
          message: `The result could not be converted: ${describeError(error).message}`,
        })
      }
    }
    try {
      Promise.resolve(fn()).then(
        (value) => settle(() => describe(value)),
        (error) => settle(() => ({ ok: false, kind: "exception", ...describeError(error) })),
      )
    } catch (error) {
      settle(() => ({ ok: false, kind: "exception", ...describeError(error) }))
    }
  })
}

/**
 * A program that runs `body` as an async function and evaluates to the promise of its outcome
 * (a block's completion value, which both eval and chrome.userScripts return). The user's code
 * starts on the program's second line: `lineOffset` 1 maps stacks back. Only syntax is used to
 * wire it up: the page may have replaced any built-in method.
 */
export const programFor = (body: string, maxChars: number, timeoutMs: number): string =>
  `{ const __agentMeshScript = async function () {\n${body}\n}; (${runAndDescribe.toString()})(__agentMeshScript, ${maxChars}, ${timeoutMs}, 1) }`

/** The longest result, in characters of JSON, handed back to the model. */
export const RESULT_MAX_CHARS = 50_000

/**
 * How long a sandbox run's worker may take to start. A run's time limit counts from when its
 * worker runs (a busy machine may take longer than a short limit to start one); this bounds the start.
 */
export const SANDBOX_WORKER_START_MS = 10_000
/** The longest a script may run, in the page or in the sandbox. */
export const SCRIPT_TIME_LIMIT_MS = 30_000
/** The longest code accepted: the code is compiled several times to find its last expression. */
export const CODE_MAX_CHARS = 200_000

/** The tool error for an outcome that failed, as `{ code, message }`. */
export const scriptFailure = (outcome: Extract<ScriptOutcome, { ok: false }>): { code: "timeout" | "script_error"; message: string } =>
  outcome.kind === "timeout"
    ? { code: "timeout", message: `${outcome.message} It was stopped; make it do less per call, or split the work.` }
    : { code: "script_error", message: `The script threw ${outcome.name}: ${outcome.message}${stackFrames(outcome.stack)}` }

/** The stack's "at …" lines: its first line repeats the message. */
const stackFrames = (stack: string | undefined) => {
  const frames = (stack ?? "").split("\n").filter((line) => /^\s+at /.test(line))
  return frames.length > 0 ? `\n${frames.join("\n")}` : ""
}
