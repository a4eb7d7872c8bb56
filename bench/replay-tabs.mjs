// bench:replay's routines that act on a page (docs/routines.md, "Replays"): recorded from a model
// run that reads a tab (get_tab_content) and clicks elements by the selectors the read gave
// (execute_script), on the repository's pages (test/fixtures/pages) and a small shop page. Each
// routine is replayed on its page changed four ways that keep every element, each aimed at the
// routine's elements: renamed classes, inserted wrappers, reordered siblings, moved blocks; and
// once with one of its elements removed. Every element of a page carries a data-bench-id and the
// page logs each click's id to the server, so the bench checks each action's target: a replay
// must finish with every click on the recorded element when every recorded element is still on
// the page (its selector may have broken: the replay re-finds it by kind and name), and stop at
// the first step whose element is gone otherwise (0 wrong actions either way). Ground truth is
// the perturbed page's DOM (linkedom), not the extension's own check.
import { readFileSync, readdirSync } from "node:fs"
import path from "node:path"
import { parseHTML } from "linkedom"

// Changes that keep every element (the replay must finish), and one that does not (it must stop).
const KINDS = ["renamed classes", "inserted wrappers", "reordered siblings", "moved blocks"]
const REMOVED = "removed element"
// Logs each click's element and keeps the page where it is (no link followed, no form sent).
const CLICK_LOG = `document.addEventListener("click", (e) => { e.preventDefault(); const x = new XMLHttpRequest(); x.open("GET", "/clicked?id=" + e.target.getAttribute("data-bench-id"), false); x.send() }, true)`

const SHOP = `<!doctype html><html><head><title>Shop</title></head><body><header><nav><a href="/">Home</a> <a href="/deals">Deals</a></nav></header><main>
<section class="cart box"><h2>Cart</h2><button id="save-cart" class="btn primary">Save cart</button> <button data-testid="clear-cart" class="btn">Clear cart</button></section>
<section class="items box"><h2>Items</h2><ul class="list">${["tea", "coffee", "cocoa", "juice", "water"]
  .map((item) => `<li class="row"><span class="label">${item}</span> <button class="btn add">Add ${item}</button></li>`)
  .join("")}</ul></section>
<section class="filters box"><h2>Filters</h2><button class="btn">Only in stock</button> <button class="btn">Cheapest first</button><form><label>Search <input name="q" placeholder="Search the shop"></label> <button type="submit">Go</button></form></section>
</main></body></html>`

/** The pages: the repository's fixtures and the shop, each element numbered, the click log added. */
export const benchPages = (root) => {
  const dir = path.join(root, "test/fixtures/pages")
  const sources = [
    ...readdirSync(dir)
      .filter((f) => f.endsWith(".html"))
      .sort()
      .map((f) => ({ name: f, html: readFileSync(path.join(dir, f), "utf8") })),
    { name: "shop", html: SHOP },
  ]
  return sources.map(({ name, html }) => {
    const { document } = parseHTML(html)
    for (const s of document.querySelectorAll("script")) s.remove()
    document.querySelectorAll("*").forEach((el, i) => el.setAttribute("data-bench-id", String(i)))
    const log = document.createElement("script")
    log.textContent = CLICK_LOG
    document.body.append(log)
    return { name, html: `<!doctype html>${document.documentElement.outerHTML}` }
  })
}

/** The element a selector selects in a page, when it selects exactly one: its bench id. */
const selectedId = (document, selector) => {
  try {
    const found = document.querySelectorAll(selector)
    return found.length === 1 ? found[0].getAttribute("data-bench-id") : found.length === 0 ? "none" : "many"
  } catch {
    return "invalid"
  }
}

/** The page changed one way, at the routine's own elements (their ancestors), seeded; `r` picks the element removed. */
const perturb = (html, kind, ids, random, r) => {
  const { document } = parseHTML(html)
  const targets = ids.map((id) => document.querySelector(`[data-bench-id="${id}"]`)).filter(Boolean)
  const ancestors = (el) => {
    const list = []
    for (let a = el; a && a.localName !== "body"; a = a.parentElement) list.push(a)
    return list
  }
  const pick = (list) => list[Math.floor(random() * list.length)]
  const pool = [...new Set(targets.flatMap(ancestors))]
  if (kind === "renamed classes")
    for (const el of document.querySelectorAll("[class]"))
      el.setAttribute(
        "class",
        el
          .getAttribute("class")
          .split(/\s+/)
          .filter(Boolean)
          .map(
            (c) =>
              `k${Array.from({ length: c.length }, (_, i) => c.charCodeAt(i))
                .reduce((h, code) => (h * 31 + code) >>> 0, 7)
                .toString(36)}`,
          )
          .join(" "),
      )
  if (kind === "inserted wrappers")
    for (let i = 0; i < 3 && pool.length; i++) {
      const el = pick(pool)
      const wrapper = document.createElement("div")
      el.parentNode.insertBefore(wrapper, el)
      wrapper.append(el)
    }
  // Siblings alike (the items of a list, the rows of a table): re-sorted, as a list sorted anew is.
  if (kind === "reordered siblings")
    for (let i = 0; i < 3 && targets.length; i++)
      for (let el = pick(targets); el?.parentElement && el.localName !== "body"; el = el.parentElement) {
        const parent = el.parentElement
        if ([...parent.children].filter((c) => c.localName === el.localName).length < 2) continue
        for (const child of [...parent.children].reverse()) parent.append(child)
        break
      }
  // Not drawn from `random`: the four other kinds see the same draws with or without it.
  if (kind === REMOVED) targets[r % targets.length]?.remove()
  if (kind === "moved blocks") {
    const blocks = pool.filter((el) => el.children.length > 0 && el.localName !== "main")
    const block = pick(blocks.length ? blocks : pool)
    if (block) document.body.insertBefore(block, document.body.lastElementChild)
  }
  return `<!doctype html>${document.documentElement.outerHTML}`
}

/**
 * Records `count` routines of 5–15 steps from model runs and replays each under the four kinds
 * of change; returns the tallies. `deps`: the bench's panel, site, model, helpers.
 */
export const tabRoutines = async ({
  panel,
  session,
  site,
  model,
  modelMs,
  random,
  count,
  root,
  annotatedTargets,
  runNow,
  lastRun,
  chats,
}) => {
  const pages = benchPages(root)
  pages.forEach((p, i) => site.route(`/t${i}`, { headers: { "content-type": "text/html" }, body: p.html }))
  const tab = await session.context.newPage()
  await tab.goto(site.url("/t0"))
  const tabId = await panel.evaluate(
    async (url) => (await globalThis.agent.tools.call("list_tabs", {})).find((t) => t.url === url).tab_id,
    site.url("/t0"),
  )
  // The recorded run has a person at the screen who says yes; page scripts are not asked about.
  await panel.evaluate(async () => {
    await globalThis.agent.settings.update({ confirmations: { execute_script: "never" } })
    globalThis.agent.onEvent((e) => {
      if (e.type === "confirmation_requested" && e.rule !== "send_read_data") void globalThis.agent.confirm(e.id, true)
    })
  })
  const clicks = (from) =>
    site.requests
      .slice(from)
      .filter((q) => q.path.startsWith("/clicked"))
      .map((q) => new URL(q.path, site.origin).searchParams.get("id"))
  const tally = {
    routines: 0,
    replays: 0,
    finished: 0,
    shouldFinish: 0,
    stoppedRight: 0,
    shouldStop: 0,
    wrongActions: 0,
    uncheckedWrong: 0,
    retargetedFinished: 0,
    byKind: Object.fromEntries([...KINDS, REMOVED].map((k) => [k, { finished: 0, stoppedRight: 0, of: 0 }])),
    replayMs: [],
    modelMs: [],
    failures: [],
  }
  for (let r = 0; r < count; r++) {
    const p = r % pages.length
    const length = 5 + ((r * 3) % 11)
    const url = site.url(`/t${p}`)
    await tab.goto(url)
    const read = await panel.evaluate((id) => globalThis.agent.tools.call("get_tab_content", { tab_id: id }), tabId)
    const original = parseHTML(pages[p].html).document
    const names = [...annotatedTargets(read.content).values()]
    const sameName = (t) => names.filter((o) => o.kind === t.kind && o.name === t.name).length
    const usable = names.filter(
      (t) => t.name && sameName(t) === 1 && !t.selector.includes(">>>") && /^\d+$/.test(selectedId(original, t.selector)),
    )
    if (usable.length === 0) {
      tally.failures.push(`page ${pages[p].name}: no element to click`)
      continue
    }
    for (let i = usable.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[usable[i], usable[j]] = [usable[j], usable[i]]
    }
    const steps = []
    for (let i = 0, c = 0; steps.length < length; i++) {
      if (i % 4 === 0) steps.push({ name: "get_tab_content", arguments: { tab_id: tabId } })
      else {
        const target = usable[c++ % usable.length]
        steps.push({
          name: "execute_script",
          arguments: { target: "page", tab_id: tabId, code: `document.querySelector(${JSON.stringify(target.selector)}).click()` },
          target: { ...target, id: selectedId(original, target.selector) },
        })
      }
    }
    model.script([
      ...steps.map((s, i) => ({ toolCalls: [{ id: `t${i}`, name: s.name, arguments: s.arguments }], delayMs: modelMs })),
      { text: "Done.", delayMs: modelMs },
    ])
    const before = site.requests.length
    const modelRun = await panel.evaluate(async (prompt) => {
      const started = performance.now()
      const result = await globalThis.agent.chat(prompt).result
      return { ...result, ms: performance.now() - started }
    }, `Clicks ${r}`)
    const expected = steps.filter((s) => s.target).map((s) => s.target.id)
    if (modelRun.status !== "completed" || clicks(before).join() !== expected.join())
      throw new Error(`the model run of tab routine ${r} ended ${modelRun.status}, clicks ${clicks(before).join()} for ${expected.join()}`)
    const routine = await panel.evaluate(
      ([name, from, origin]) =>
        globalThis.agent.routines.create({ name, prompt: name, replayFrom: from, replayOnMismatch: "report", sites: [origin] }),
      [`Clicks ${r}`, modelRun.conversationId, site.origin],
    )
    tally.routines++
    for (const kind of [...KINDS, REMOVED]) {
      const html = perturb(
        pages[p].html,
        kind,
        steps.filter((s) => s.target).map((s) => s.target.id),
        random,
        r,
      )
      site.route(`/t${p}/changed`, { headers: { "content-type": "text/html" }, body: html })
      await tab.goto(site.url(`/t${p}/changed`))
      const changed = parseHTML(html).document
      // Ground truth: the first step whose recorded element is no longer on the page. The first
      // whose selector no longer selects it is where a replay without re-finding would stop.
      let firstChanged
      let selectorBroke
      steps.forEach((s, i) => {
        if (!s.target) return
        if (firstChanged === undefined && changed.querySelector(`[data-bench-id="${s.target.id}"]`) === null) firstChanged = i + 1
        const now = selectedId(changed, s.target.selector)
        if (selectorBroke === undefined && now !== s.target.id) {
          selectorBroke = i + 1
          if (/^\d+$/.test(now)) tally.uncheckedWrong++
        }
      })
      const asked = chats()
      const from = site.requests.length
      const replay = await runNow(routine.id)
      const run = await lastRun(routine.id)
      const done = clicks(from)
      const due = steps.slice(0, firstChanged === undefined ? steps.length : firstChanged - 1).filter((s) => s.target)
      const wrong = done.filter((id, i) => id !== due[i]?.target.id).length + Math.max(0, done.length - due.length)
      tally.wrongActions += wrong
      if (kind !== REMOVED) tally.replays++
      tally.byKind[kind].of++
      const zeroModel = chats() === asked
      if (firstChanged === undefined) {
        tally.shouldFinish++
        if (replay.event.status === "completed" && run.replay.done === length && wrong === 0 && done.length === due.length && zeroModel) {
          tally.finished++
          tally.byKind[kind].finished++
          if (selectorBroke !== undefined) tally.retargetedFinished++
        } else
          tally.failures.push(`tab routine ${r} (${pages[p].name}, ${length} steps), ${kind}: should finish: ${JSON.stringify(run.replay)}`)
      } else {
        tally.shouldStop++
        if (run.replay.stoppedAt?.step === firstChanged && wrong === 0 && done.length === due.length && zeroModel) {
          tally.stoppedRight++
          tally.byKind[kind].stoppedRight++
        } else
          tally.failures.push(
            `tab routine ${r} (${pages[p].name}, ${length} steps), ${kind}: should stop at ${String(firstChanged)}: ${JSON.stringify(run.replay)}, ${wrong} wrong`,
          )
      }
      if (length === 10 && kind === KINDS[0]) {
        tally.replayMs.push(replay.ms)
        tally.modelMs.push(modelRun.ms)
      }
    }
  }
  await tab.close()
  return tally
}
