/**
 * What a tool's parameters mean, for the fuzzer, where its contract alone does not say enough:
 * a valid call that does something real in the test browser, and for each field the tricky
 * values worth trying. A tool without a domain here is fuzzed by one derived from its contract
 * (derived-domain.ts); one here is a refinement, for calls that need real state (a fixture URL
 * that answers, a tab the case may close, a seeded file) or tricky values of their own. The
 * shapes (types, required keys, enums, ranges) are not repeated here: mutate.ts reads them from
 * the JSON Schema of the contract.
 */
import {
  BAD_NUMBERS,
  BROKEN_PATTERNS,
  CATASTROPHIC_PATTERNS,
  HUGE_STRINGS,
  LYING_DATA_URLS,
  ODD_STRINGS,
  PAGE_SCRIPTS,
  PATH_TRICKS,
  SAFE_PATTERNS,
  SCRIPTS,
  SELECTORS,
  urlTricks,
  type Value,
} from "./catalogue.ts"
import type { Rng } from "./prng.ts"
import { repeat } from "./values.ts"

/** The test browser as the generators see it when a batch is made. */
export interface FuzzEnv {
  /** The fixture server: every URL a call may reach is on it. */
  readonly origin: string
  readonly extensionId: string
  /** The tab of the page that drives the calls: never closed or navigated by a case. */
  readonly panelTabId: number
  readonly windowIds: ReadonlyArray<number>
  /** Fixture tabs kept for the whole run (long titles, deep DOM, ...): read, never closed or navigated. */
  readonly fixedTabIds: ReadonlyArray<number>
  /**
   * The tabs of a second window, kept for the run: one of them is always the one shown there,
   * which capture_tab needs (it captures only a shown tab).
   */
  readonly otherWindowTabIds: ReadonlyArray<number>
  /** Tabs made for this batch, which cases may navigate or close. */
  readonly scratchTabIds: ReadonlyArray<number>
  /** Paths written before the run, so reads, lists and deletes find something. */
  readonly seededPaths: ReadonlyArray<string>
  /**
   * Files written before the run that no case deletes: most valid reads read one, so that some
   * succeed whatever the seeded sample deleted first.
   */
  readonly keptPaths: ReadonlyArray<string>
}

/** Fixture paths that answer 200 with a page (for open_tab and valid web_fetch). */
export const PAGE_ROUTES = ["/article", "/text", "/json", "/deep", "/title-a", "/unicode", "/empty", "/redirect"] as const

export interface ToolDomain {
  /** A call that is valid by the contract and does something real. */
  valid(rng: Rng, env: FuzzEnv): Record<string, Value>
  /** For some fields: the tricky values to try, valid by type or not. */
  tricky: Readonly<Record<string, (env: FuzzEnv) => ReadonlyArray<Value>>>
  /** The per-call deadline: a local tool's hang must show up fast; see SLOW_MS for the others. */
  readonly timeoutMs: number
}

const QUICK_MS = 4_000
/**
 * The tools that fetch or read pages get 30 s, as a suspect run alone does (fuzz.test.ts). A
 * batch's calls of one group share its worker's thread, so a call's time includes its neighbours'
 * work: with 10 s, queued web calls timed out, had the worker replaced, and were run again alone
 * at the end (up to 28 s a run), where each settled in about a second. A real hang still fails.
 */
const SLOW_MS = 30_000

const shortText = (rng: Rng) => rng.pick(["hello", "Compare prices", "notes for later", "résumé ✓", "日本", "a", "x y z"])
const oddOrShort = (rng: Rng) => (rng.chance(0.3) ? rng.pick(ODD_STRINGS) || "x" : shortText(rng))
const localUrl = (rng: Rng, env: FuzzEnv) => env.origin + rng.pick(PAGE_ROUTES) + (rng.chance(0.2) ? `?n=${rng.int(0, 999)}` : "")
const anyTab = (env: FuzzEnv) => [...env.fixedTabIds, ...env.scratchTabIds, env.panelTabId]
/** Tabs a case may navigate or close: the scratch tabs only (never the driving page, never the fixtures). */
const disposableTabs = (env: FuzzEnv) => env.scratchTabIds
const tabIdTricks = (env: FuzzEnv): ReadonlyArray<Value> => [...BAD_NUMBERS.filter((n) => !anyTab(env).includes(n)), 999_999, -1]
const workspacePath = (rng: Rng, env: FuzzEnv) =>
  rng.chance(0.4) && env.seededPaths.length
    ? rng.pick(env.seededPaths)
    : `fuzz/${rng.pick(["a", "b", "notes", "😀", "\u202Eright", "é", "x y"])}${rng.chance(0.3) ? `/${rng.pick(["c", "d"])}` : ""}.${rng.pick(["txt", "md", "json", "png", "bin"])}`

const strings =
  (...lists: ReadonlyArray<ReadonlyArray<Value>>) =>
  () =>
    lists.flat()

export const DOMAINS: Readonly<Record<string, ToolDomain>> = {
  web_fetch: {
    timeoutMs: SLOW_MS,
    valid: (rng, env) => ({
      url: localUrl(rng, env),
      ...(rng.chance(0.3) ? { max_length: rng.int(1, 5000) } : {}),
      ...(rng.chance(0.1) ? { prompt: shortText(rng) } : {}),
    }),
    tricky: {
      url: (env) => urlTricks(env.origin, env.extensionId),
      max_length: () => [1, 2, 3, 2 ** 31, 1e21, Number.MAX_SAFE_INTEGER],
      prompt: strings(ODD_STRINGS, HUGE_STRINGS.slice(0, 2)),
    },
  },
  web_search: {
    timeoutMs: SLOW_MS,
    valid: (rng) => ({ query: shortText(rng), ...(rng.chance(0.5) ? { max_results: rng.int(1, 10) } : {}) }),
    tricky: { query: strings(ODD_STRINGS, HUGE_STRINGS), max_results: () => [1, 10, 11, 0, 2 ** 31] },
  },
  get_tab_content: {
    timeoutMs: SLOW_MS,
    valid: (rng, env) => ({
      tab_id: rng.pick(env.fixedTabIds),
      ...(rng.chance(0.3) ? { selector: rng.pick(["main", "body", "h1", "p"]) } : {}),
      ...(rng.chance(0.3) ? { max_length: rng.int(1, 3000) } : {}),
    }),
    tricky: {
      tab_id: (env) => [env.panelTabId, ...env.scratchTabIds, ...tabIdTricks(env)],
      selector: () => SELECTORS,
      prompt: strings(ODD_STRINGS.slice(0, 10), HUGE_STRINGS.slice(0, 1)),
      max_length: () => [1, 2, 2 ** 31, 1e21],
    },
  },
  capture_tab: {
    timeoutMs: SLOW_MS,
    valid: (rng, env) => ({
      tab_id: rng.pick(env.otherWindowTabIds),
      ...(rng.chance(0.3) ? { selector: rng.pick(["body", "html"]) } : {}),
      ...(rng.chance(0.3) ? { marks: rng.chance(0.5) } : {}),
    }),
    tricky: {
      tab_id: (env) => [env.panelTabId, ...env.fixedTabIds, ...env.scratchTabIds, ...tabIdTricks(env)],
      selector: () => SELECTORS,
    },
  },
  list_tabs: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => ({
      ...(rng.chance(0.4) ? { url_pattern: rng.pick(SAFE_PATTERNS) } : {}),
      ...(rng.chance(0.4) ? { title_pattern: rng.pick(SAFE_PATTERNS) } : {}),
      ...(rng.chance(0.2) ? { active: rng.chance(0.5) } : {}),
      ...(rng.chance(0.2) ? { window_id: rng.pick(env.windowIds) } : {}),
      ...(rng.chance(0.1) ? { audible: rng.chance(0.5) } : {}),
    }),
    tricky: {
      url_pattern: strings(CATASTROPHIC_PATTERNS, BROKEN_PATTERNS),
      title_pattern: strings(CATASTROPHIC_PATTERNS, BROKEN_PATTERNS),
      window_id: () => [...BAD_NUMBERS, 999_999],
    },
  },
  open_tab: {
    timeoutMs: SLOW_MS,
    valid: (rng, env) => ({
      url: rng.chance(0.1) ? "about:blank" : localUrl(rng, env),
      ...(rng.chance(0.3) && disposableTabs(env).length ? { tab_id: rng.pick(disposableTabs(env)) } : {}),
      ...(rng.chance(0.7) ? { active: rng.chance(0.2) } : {}),
      ...(rng.chance(0.2) ? { window_id: rng.pick(env.windowIds) } : {}),
      ...(rng.chance(0.5) ? { wait_until_loaded: rng.chance(0.5) } : {}),
    }),
    tricky: {
      url: (env) => urlTricks(env.origin, env.extensionId),
      // Never the driving page's tab or a fixture tab: navigating those would end the run.
      tab_id: (env) => tabIdTricks(env),
      window_id: () => [...BAD_NUMBERS, 999_999],
    },
  },
  close_tab: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => ({ tab_id: disposableTabs(env).length ? rng.pick(disposableTabs(env)) : 999_999 }),
    tricky: { tab_id: (env) => tabIdTricks(env) },
  },
  activate_tab: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => ({ tab_id: rng.pick(anyTab(env)) }),
    tricky: { tab_id: (env) => tabIdTricks(env) },
  },
  opfs_write: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => ({
      path: workspacePath(rng, env),
      content: rng.chance(0.2) ? "data:text/plain;base64,aGVsbG8=" : rng.chance(0.1) ? "" : oddOrShort(rng),
    }),
    tricky: {
      path: strings(PATH_TRICKS, ["fuzz/deep/" + "d/".repeat(100) + "f.txt"]),
      content: strings(LYING_DATA_URLS, ODD_STRINGS, HUGE_STRINGS),
    },
  },
  opfs_read: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => ({
      path: rng.chance(0.75) && env.keptPaths.length ? rng.pick(env.keptPaths) : workspacePath(rng, env),
      ...(rng.chance(0.3) ? { mode: rng.pick(["text", "auto", "blob"]) } : {}),
      ...(rng.chance(0.2) ? { offset: rng.int(1, 300) } : {}),
      ...(rng.chance(0.2) ? { limit: rng.int(1, 200) } : {}),
    }),
    tricky: {
      path: () => PATH_TRICKS,
      offset: () => [1, 200, 201, 1000, 2 ** 31, 1e21, Number.MAX_SAFE_INTEGER],
      limit: () => [1, 200, 201, 2 ** 31],
    },
  },
  opfs_list: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => (rng.chance(0.5) ? {} : { path: rng.pick(["", "/", "fuzz", "seed", ...env.seededPaths]) }),
    tricky: { path: () => PATH_TRICKS },
  },
  opfs_delete: {
    timeoutMs: QUICK_MS,
    valid: (rng, env) => ({ path: workspacePath(rng, env) }),
    tricky: { path: () => PATH_TRICKS },
  },
  ask_user: {
    timeoutMs: QUICK_MS,
    valid: (rng) => {
      const options = rng.chance(0.5) ? rng.sample(["yes", "no", "maybe", "😀", "\u202Eleft"], rng.int(1, 4)) : undefined
      return {
        question: oddOrShort(rng) || "Which one?",
        ...(options ? { options } : {}),
        ...(options && rng.chance(0.5) ? { multiple: rng.chance(0.5) } : {}),
      }
    },
    tricky: {
      question: strings(ODD_STRINGS, HUGE_STRINGS.slice(0, 2)),
      options: () => [
        [],
        [""],
        ["a", "a"],
        ODD_STRINGS.slice(0, 30),
        Array.from({ length: 10_000 }, (_, i) => `option ${i}`),
        [repeat("o", 1 << 20)],
        [1, 2],
        [null],
        ["a", ["b"]],
      ],
      multiple: () => [true],
    },
  },
  execute_script: {
    timeoutMs: SLOW_MS,
    valid: (rng, env) =>
      rng.chance(0.6)
        ? { code: rng.pick(["1+1", "return [1, 'two', { three: 3 }]", "await Promise.resolve(5)", "'ok'"]), target: "sandbox" }
        : { code: rng.pick(PAGE_SCRIPTS), target: "page", ...(rng.chance(0.8) ? { tab_id: rng.pick(env.fixedTabIds) } : {}) },
    tricky: {
      code: () => SCRIPTS,
      tab_id: (env) => [env.panelTabId, ...tabIdTricks(env)],
    },
  },
  agent: {
    timeoutMs: SLOW_MS,
    valid: (rng, env) => ({
      prompt: oddOrShort(rng) || "Summarise",
      ...(rng.chance(0.3) ? { description: shortText(rng) } : {}),
      ...(rng.chance(0.5) ? { type: rng.pick(["researcher", "page_operator", "general"]) } : {}),
      ...(rng.chance(0.2) ? { tab_id: rng.pick(env.fixedTabIds) } : {}),
    }),
    tricky: {
      prompt: strings(ODD_STRINGS, HUGE_STRINGS.slice(0, 1)),
      description: strings(ODD_STRINGS.slice(0, 20), HUGE_STRINGS.slice(0, 1)),
      tab_id: (env) => [env.panelTabId, ...tabIdTricks(env)],
    },
  },
  create_task: {
    timeoutMs: QUICK_MS,
    valid: (rng) => ({ subject: oddOrShort(rng) || "Task", ...(rng.chance(0.4) ? { description: shortText(rng) } : {}) }),
    tricky: { subject: strings(ODD_STRINGS, HUGE_STRINGS), description: strings(ODD_STRINGS, HUGE_STRINGS) },
  },
  update_task: {
    timeoutMs: QUICK_MS,
    valid: (rng) => ({
      task_id: `t${rng.int(1, 40)}`,
      ...(rng.chance(0.5) ? { status: rng.pick(["pending", "in_progress", "completed"]) } : {}),
      ...(rng.chance(0.3) ? { subject: shortText(rng) } : {}),
      ...(rng.chance(0.3) ? { description: oddOrShort(rng) } : {}),
    }),
    tricky: {
      task_id: strings(
        ["t0", "t-1", "T1", " t1", "t1 ", "t1\u0000", "t01", "t1e0", "t９", "__proto__", "constructor", "hasOwnProperty"],
        ODD_STRINGS,
        HUGE_STRINGS.slice(0, 1),
      ),
      subject: strings(ODD_STRINGS, HUGE_STRINGS.slice(0, 1)),
      description: strings(ODD_STRINGS, HUGE_STRINGS.slice(0, 1)),
    },
  },
  list_tasks: {
    timeoutMs: QUICK_MS,
    valid: () => ({}),
    tricky: {},
  },
}

/**
 * How often each tool is drawn in the random part of a run: cheap tools more, tab-opening and
 * agents less; a tool not listed gets DERIVED_WEIGHT (derived-domain.ts).
 */
export const TOOL_WEIGHTS: Readonly<Record<string, number>> = {
  web_fetch: 7,
  web_search: 4,
  get_tab_content: 6,
  list_tabs: 9,
  open_tab: 4,
  close_tab: 4,
  activate_tab: 4,
  opfs_write: 8,
  opfs_read: 8,
  opfs_list: 5,
  opfs_delete: 5,
  ask_user: 5,
  execute_script: 7,
  // Chrome allows two captures a second: more would mostly wait.
  capture_tab: 3,
  agent: 3,
  create_task: 6,
  update_task: 6,
  list_tasks: 3,
}
