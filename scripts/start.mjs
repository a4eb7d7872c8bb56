// `npm start`: builds the extension, then opens Chromium with it loaded and its side panel page
// open in a tab. Where there is no display (no DISPLAY or WAYLAND_DISPLAY on Linux) it says so
// and starts headless with the developer console attached instead (see scripts/console.mjs).
//   npm start -- [--headless] [--no-build] [--demo] [--profile DIR]
//     --headless      no window: the browser runs headless and the console is attached
//     --no-build      load dist/ as it is
//     --demo          start the offline demo model (scripts/demo-model.mjs) and make it the
//                     default: ask anything in the side panel to see a turn with tool calls
//     --profile DIR   keep the browser profile (settings, conversations) in DIR between runs;
//                     by default a temporary profile is used and removed on exit
//   CHROMIUM_PATH=... npm start     another browser (default /usr/bin/chromium)
import { buildExtension, fail, launchExtension, parseOptions, runConsole } from "./console.mjs"
import { startDemo, useDemoModel } from "./demo-model.mjs"

const USAGE = "npm start -- [--headless] [--no-build] [--demo] [--profile DIR]"

/** Whether a browser window can open here: X11 or Wayland on Linux and the BSDs; always elsewhere. */
const hasDisplay = () => ["darwin", "win32"].includes(process.platform) || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)

const main = async () => {
  const parsed = parseOptions(process.argv.slice(2), { flags: ["--headless", "--no-build", "--demo"], values: ["--profile"], usage: USAGE })
  if (!parsed.ok) {
    console.error(parsed.message)
    process.exit(2)
  }
  const profile = parsed.values.get("--profile")
  const common = { build: !parsed.flags.has("--no-build"), demo: parsed.flags.has("--demo"), ...(profile === undefined ? {} : { profile }) }

  if (parsed.flags.has("--headless") || !hasDisplay()) {
    if (!parsed.flags.has("--headless")) console.log("No display: starting headless with the developer console attached.")
    await runConsole({ headed: false, ...common })
    return
  }

  if (common.build) buildExtension()
  const demo = common.demo ? await startDemo() : undefined
  let session
  try {
    session = await launchExtension({ headless: false, ...(profile === undefined ? {} : { profile }) })
  } catch (error) {
    await demo?.close()
    throw error
  }
  const { page } = session
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    await session.close()
    await demo?.close()
    process.exit(0)
  }
  session.context.on("close", () => void stop())
  process.on("SIGINT", () => void stop())
  process.on("SIGTERM", () => void stop())

  if (demo) {
    // The extension's own settings API, as a user's script would call it.
    await useDemoModel(
      {
        settings: {
          get: () => page.evaluate(() => globalThis.agent.settings.get()),
          update: (patch) => page.evaluate((p) => globalThis.agent.settings.update(p), patch),
        },
      },
      demo.provider,
    )
  }
  console.log(
    `Agent Mesh ${session.extensionId} is loaded; profile: ${profile === undefined ? "temporary (removed on exit)" : session.userDataDir}.`,
  )
  if (demo) console.log(`Demo model on ${demo.baseUrl} (no key, no network): ask anything in the side panel; it reads ${demo.pageUrl}.`)
  console.log("The side panel page is open in a tab; the toolbar button opens it as a side panel. Close the browser (or Ctrl+C) to stop.")
}

main().catch(fail)
