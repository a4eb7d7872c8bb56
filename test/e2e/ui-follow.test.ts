/**
 * The conversation log follows the conversation at a real side-panel size (420×800): the newest
 * item stays in view through 50 exchanges with code blocks and tool cards; a question or a
 * confirmation that waits is brought into view, takes the keyboard, shows on the toolbar badge
 * and in the conversation list; a reader who scrolled up is left there with "jump to latest";
 * a message sent, and a conversation reopened, land at the end. Everything is asserted on the
 * elements' bounding boxes against the log's.
 */
import assert from "node:assert/strict"
import { mkdir } from "node:fs/promises"
import path from "node:path"
import { after, before, test } from "node:test"
import type { Locator, Page } from "playwright-core"
import { startModelServer, type ModelServer } from "../support/model-server.mjs"
import { launchExtension, repoRoot, useListedModel, type ExtensionSession } from "./harness.ts"
import { composer } from "./ui-support.ts"

const screenshots = path.join(repoRoot, "test-results", "screenshots")
let model: ModelServer
let session: ExtensionSession
let panel: Page

const openPanel = async () => {
  const page = await session.openPage("sidepanel.html")
  await page.setViewportSize({ width: 420, height: 800 })
  return page
}

const log = (page: Page) => page.locator("am-chat-log")
const jump = (page: Page) => page.getByTestId("jump-to-latest")

const shoot = async (page: Page, name: string) => {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: path.join(screenshots, `${name}-${colorScheme}.png`) })
  }
  await page.emulateMedia({ colorScheme: "light" })
}

/**
 * Waits until the element's box lies inside the log's visible box (its bottom edge at least, for
 * an element taller than the log), and fails naming both boxes if it never does.
 */
const waitInView = async (page: Page, target: Locator, what: string) => {
  const handle = await target.elementHandle()
  assert.ok(handle, `${what} exists`)
  const logHandle = await log(page).elementHandle()
  try {
    await page.waitForFunction(
      ([el, scroller]) => {
        const box = el.getBoundingClientRect()
        const view = scroller.getBoundingClientRect()
        // Its end is on screen: the reader sees it arrive (a tall item's start may be above).
        return box.height > 0 && box.bottom <= view.bottom + 1 && box.bottom > view.top + Math.min(box.height, 24)
      },
      [handle, logHandle] as const,
      { timeout: 10_000 },
    )
  } catch {
    const [box, view] = await Promise.all([handle.boundingBox(), logHandle!.boundingBox()])
    assert.fail(`${what} is not in view: its box ${JSON.stringify(box)}, the log's ${JSON.stringify(view)}`)
  } finally {
    // Released once checked: each exchange makes four, which would otherwise live as long as the page.
    await Promise.all([handle.dispose(), logHandle?.dispose()])
  }
}

/** The deepest focused element's closest host of the given tag, through shadow roots. */
const focusedWithin = (page: Page, tag: string) =>
  page.evaluate((tag) => {
    let el: Element | null = document.activeElement
    const chain: string[] = []
    while (el) {
      chain.push(el.tagName.toLowerCase())
      el = el.shadowRoot?.activeElement ?? null
    }
    return chain.includes(tag)
  }, tag)

const badgeText = async () => (await session.serviceWorker()).evaluate(() => chrome.action.getBadgeText({}))

const answerOf = (i: number) => [
  `Answer ${i}: here is **what you asked**.\n\n`,
  "```ts\n",
  Array.from({ length: 6 + (i % 5) }, (_, k) => `const line${k} = ${k * i}\n`).join(""),
  "```\n\n",
  `| step | value |\n|---|---|\n| ${i} | ${i * 2} |\n\n`,
  `- first point of ${i}\n- second point\n\nDone ${i}.`,
]

const send = async (page: Page, text: string) => {
  await composer(page).fill(text)
  await composer(page).press("Enter")
}

before(async () => {
  await mkdir(screenshots, { recursive: true })
  model = await startModelServer()
  session = await launchExtension()
  panel = await openPanel()
  await useListedModel(panel, model.baseUrl("openai"), ["test-model"])
  await panel.locator("[data-testid=send]:not([disabled])").waitFor()
})
after(async () => {
  await session?.close()
  await model?.close()
})

test("the newest item is in view after each of 50 exchanges, code blocks and tool cards included", async () => {
  const exchanges = Number(process.env.FOLLOW_EXCHANGES ?? 50)
  // Every tool call the conversation shows, the panel's own included (it reads the task list).
  await panel.evaluate(() => {
    const calls: Record<string, number> = {}
    Object.assign(globalThis, { followCalls: calls })
    globalThis.agent.onEvent((e) => {
      if (e.type === "tool_call_started") calls[e.tool] = (calls[e.tool] ?? 0) + 1
    })
  })
  for (let i = 1; i <= exchanges; i++) {
    if (i % 10 === 3) {
      model.script([{ toolCalls: [{ id: `t${i}`, name: "create_task", arguments: { subject: `Task ${i}` } }] }, { text: answerOf(i) }])
    } else {
      model.script([{ text: answerOf(i) }])
    }
    const started = Date.now()
    await send(panel, `Question ${i}`)
    const answer = panel
      .locator("[data-testid=assistant-message]")
      .filter({ hasText: `Done ${i}.` })
      .last()
    await answer.waitFor()
    await panel.getByTestId("send").waitFor()
    await waitInView(panel, panel.getByTestId("turn-usage").last(), `exchange ${i}'s token line`)
    await waitInView(panel, answer, `exchange ${i}'s answer`)
    assert.equal(await jump(panel).count(), 0, `no "jump to latest" while following (exchange ${i})`)
    if (process.env.FOLLOW_DEBUG) console.log(`exchange ${i}: ${Date.now() - started} ms`)
  }
  // The text of each answer, shadow roots included (innerText stops at them).
  const texts = await panel.locator("[data-testid=assistant-message]").evaluateAll((els) =>
    els.map((el) => {
      // An explicit stack: the page cannot see the helpers a named function would need here.
      const parts: string[] = []
      const stack: Node[] = [el]
      while (stack.length) {
        const node = stack.pop()!
        if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? "")
        stack.push(...[...node.childNodes].reverse(), ...[...((node as Element).shadowRoot?.childNodes ?? [])].reverse())
      }
      return (
        parts
          .join("")
          .match(/Done \d+\./g)
          ?.join(",") ?? ""
      )
    }),
  )
  assert.deepEqual(
    texts.filter((t) => t !== ""),
    Array.from({ length: exchanges }, (_, k) => `Done ${k + 1}.`),
    "each answer once, in order",
  )
  // The panel reads the task list again after each change to it, and only then: reading it must
  // not count as a change (it once did, and the panel read the list in a loop for ever after).
  const calls = await panel.evaluate(() => (globalThis as unknown as { followCalls: Record<string, number> }).followCalls)
  const changes = calls["create_task"] ?? 0
  assert.ok(changes > 0, "the conversation changed its task list")
  assert.ok((calls["list_tasks"] ?? 0) <= changes + 1, `list_tasks read ${calls["list_tasks"]} times for ${changes} changes`)
  await shoot(panel, "follow-50-exchanges")
})

test("scrolled up, the log stays put and offers 'jump to latest' with the count of new items; a message sent comes into view", async () => {
  const box = (await log(panel).boundingBox())!
  await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await panel.mouse.wheel(0, -2500)
  await jump(panel).waitFor()
  const scrolledTo = await log(panel).evaluate((el) => el.scrollTop)
  assert.ok(scrolledTo > 0, "the reader is in the middle of the conversation")

  // New items arrive while the reader is up there: the view does not move, the button counts them.
  model.script([{ text: "An answer the reader has not seen yet." }])
  const conversationId = await panel.evaluate(() => localStorage.getItem("agent-mesh.lastConversation"))
  await panel.evaluate(
    (conversationId) => globalThis.agent.chat("Asked from the API", { conversationId: conversationId! }).result,
    conversationId,
  )
  await panel.locator("[data-testid=assistant-message]").filter({ hasText: "An answer the reader has not seen yet." }).waitFor()
  await panel.getByTestId("send").waitFor()
  await panel.waitForFunction(() => {
    const log = document.querySelector("am-sidepanel")!.shadowRoot!.querySelector("am-chat-log")!
    return /\d/.test(log.shadowRoot!.querySelector("[data-testid=jump-to-latest]")?.textContent ?? "")
  })
  assert.match(await jump(panel).innerText(), /^↓ \d+ new · jump to latest$/)
  assert.equal(await log(panel).evaluate((el) => el.scrollTop), scrolledTo, "the view stayed where the reader left it")
  await shoot(panel, "follow-jump-to-latest")

  // The button takes the reader to the end and goes away.
  await jump(panel).click()
  await jump(panel).waitFor({ state: "detached" })
  await waitInView(panel, panel.locator("[data-testid=assistant-message]").last(), "the newest answer after 'jump to latest'")

  // Scrolled up again, the reader sends a message: it and its answer come into view.
  await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await panel.mouse.wheel(0, -3000)
  await jump(panel).waitFor()
  // The model holds its answer (a stream that stalls) so the view is checked on the message itself.
  model.script([{ text: "never", stallAfter: 0 }])
  await send(panel, "Sent while scrolled up")
  const sent = panel.locator("[data-testid=user-message]").filter({ hasText: "Sent while scrolled up" })
  await sent.waitFor()
  await waitInView(panel, sent, "the message sent while scrolled up")
  assert.equal(await jump(panel).count(), 0)
  await panel.getByTestId("stop").click()
  await panel.getByTestId("send").waitFor()

  // The reader moves the focus back to an old message with the keyboard: the log scrolls there and
  // stays, as it does for the wheel, while new items arrive.
  const buttons = panel.locator("[data-testid=user-message] [data-testid=edit]")
  await buttons.nth(1).evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }))
  await panel.keyboard.press("Shift+Tab")
  await jump(panel).waitFor()
  const focusedAt = await log(panel).evaluate((el) => el.scrollTop)
  model.script([{ text: "Arrived while the reader reads an old message." }])
  await panel.evaluate(
    (conversationId) => globalThis.agent.chat("Asked again from the API", { conversationId: conversationId! }).result,
    conversationId,
  )
  await panel.locator("[data-testid=assistant-message]").filter({ hasText: "Arrived while the reader reads an old message." }).waitFor()
  await panel.getByTestId("send").waitFor()
  assert.equal(await log(panel).evaluate((el) => el.scrollTop), focusedAt, "the view stayed at the focused message")
  // Brought back to the end without a gesture (a screen reader, find in page), once the keyboard's
  // scroll has passed: no "jump to latest" there.
  await panel.waitForFunction(() => {
    const log = document.querySelector("am-sidepanel")!.shadowRoot!.querySelector("am-chat-log") as unknown as { intentUntil: number }
    return performance.now() > log.intentUntil
  })
  await log(panel).evaluate((el) => (el.scrollTop = el.scrollHeight))
  await jump(panel).waitFor({ state: "detached" })
})

test("a pending ask_user question is brought into view and focused, shows on the toolbar badge and in the list, and the composer says so", async () => {
  assert.equal(await badgeText(), "")
  model.script([
    // Held until the reader has scrolled up, so the question arrives while they read above.
    {
      gate: { name: "question", count: 2 },
      toolCalls: [{ id: "q1", name: "ask_user", arguments: { question: "Which colour?", options: ["red", "blue"] } }],
    },
    { text: "Blue it is." },
  ])
  // Scrolled up and focused elsewhere: the question still comes to the reader.
  const box = (await log(panel).boundingBox())!
  await send(panel, "Pick a colour for me")
  await panel.locator("[data-testid=user-message]").filter({ hasText: "Pick a colour for me" }).waitFor()
  await panel.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await panel.mouse.wheel(0, -3000)
  await jump(panel).waitFor()
  model.openGate("question")
  const question = panel.getByTestId("question")
  await question.waitFor()
  await waitInView(panel, question, "the pending question")
  await panel.waitForFunction(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.closest("form")?.getAttribute("data-testid") === "question"
  })
  assert.ok(await focusedWithin(panel, "am-question"), "the question has the keyboard")
  assert.equal(await waitForBadge("1"), "1", "the toolbar badge counts the question")

  // The composer says what is going on instead of ignoring Enter.
  const waiting = panel.getByTestId("composer-waiting")
  await waiting.waitFor()
  assert.match(await waiting.innerText(), /waiting for your answer/)
  await composer(panel).fill("Never mind")
  await composer(panel).press("Enter")
  assert.equal(await composer(panel).inputValue(), "Never mind", "nothing was sent, nothing was lost")
  await panel.waitForFunction(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.closest("form")?.getAttribute("data-testid") === "question"
  })
  await shoot(panel, "follow-question")

  // The conversation list marks the conversation as waiting.
  await panel.getByTestId("toggle-list").click()
  const marked = panel.locator("[data-testid=conversation][data-waiting]")
  await marked.waitFor()
  assert.match(await marked.innerText(), /Waiting for you/)
  await shoot(panel, "follow-list-waiting")
  await panel.keyboard.press("Escape")
  await panel.locator("am-conversations").waitFor({ state: "detached" })

  await question.getByRole("radio", { name: "blue" }).check()
  await question.getByRole("button", { name: "Answer" }).click()
  await panel.locator("[data-testid=assistant-message]").filter({ hasText: "Blue it is." }).waitFor()
  assert.equal(await waitForBadge(""), "", "the badge clears once answered")
  await composer(panel).fill("")
})

/** The badge text once it reads `expected` (it is set through the router, a moment after the event). */
const waitForBadge = async (expected: string) => {
  const worker = await session.serviceWorker()
  await worker.evaluate(
    (expected) =>
      new Promise<void>((resolve) => {
        const timer = setInterval(
          () =>
            void chrome.action.getBadgeText({}).then((text) => {
              if (text !== expected) return
              clearInterval(timer)
              resolve()
            }),
          20,
        )
      }),
    expected,
  )
  return badgeText()
}

test("a pending confirmation is brought into view and focused; answered with the mouse, the log goes on following", async () => {
  // A destructive call asks first, whether or not the tab exists: nothing needs to be set up.
  model.script([
    { toolCalls: [{ id: "d1", name: "close_tab", arguments: { tab_id: 987654 } }] },
    { text: [...answerOf(7), "\n\nKept old.txt."] },
  ])
  await send(panel, "Tidy the workspace")
  const ask = panel.getByTestId("confirmation")
  await ask.waitFor()
  await waitInView(panel, ask, "the pending confirmation")
  await panel.waitForFunction(() => {
    let el: Element | null = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.closest("[data-testid=confirmation]") !== null && el?.closest("[data-testid=confirmation]") !== undefined
  })
  assert.ok(await focusedWithin(panel, "am-confirmation"), "the confirmation has the keyboard")
  assert.equal(await waitForBadge("1"), "1")
  await shoot(panel, "follow-confirmation")
  // A click on the card's button is no scroll of the reader's: the view moved by what the click
  // changes (here at once, as a layout that settles late moves it) goes back to the end, and the
  // answer that follows is followed.
  await ask.getByRole("button", { name: "Deny" }).click()
  await log(panel).evaluate((el) => (el.scrollTop = 0))
  const answer = panel.locator("[data-testid=assistant-message]").filter({ hasText: "Kept old.txt." })
  await answer.waitFor()
  await panel.getByTestId("send").waitFor()
  await waitInView(panel, answer, "the answer after the confirmation")
  assert.equal(await jump(panel).count(), 0, "no 'jump to latest' at the end")
  assert.equal(await waitForBadge(""), "")
})

test("reopening the panel, or the conversation from the list, lands at the end", async () => {
  await panel.close()
  panel = await openPanel()
  const last = panel.locator("[data-testid=assistant-message]").filter({ hasText: "Kept old.txt." })
  await last.waitFor()
  await waitInView(panel, last, "the last answer after reopening the panel")

  // Another conversation, then back through the list.
  model.script([{ text: "A short other conversation." }])
  await panel.getByTestId("new-conversation").click()
  await send(panel, "Something else")
  await panel.locator("[data-testid=assistant-message]").filter({ hasText: "A short other conversation." }).waitFor()
  await panel.getByTestId("send").waitFor()
  await panel.getByTestId("toggle-list").click()
  // The list is read again once the run has ended, with the new conversation on top: the click
  // waits for that, or the row under the pointer could change between aiming and clicking.
  await panel.locator("am-conversations [data-testid=conversation] .open").filter({ hasText: "Something else" }).waitFor()
  await panel.locator("am-conversations [data-testid=conversation] .open").filter({ hasText: "Question 1" }).click()
  const back = panel.locator("[data-testid=assistant-message]").filter({ hasText: "Kept old.txt." })
  await back.waitFor()
  await waitInView(panel, back, "the last answer after reopening from the list")
  assert.equal(await jump(panel).count(), 0)
  await shoot(panel, "follow-reopened")
})
