// A page for benches that time code in a worker: `files` served on 127.0.0.1 (a path to its
// body), opened in headless Chromium at "/".
import { createServer } from "node:http"
import { chromium } from "playwright-core"

/** `typeOf(path)` gives each file's content type; `close()` ends the browser and the server; `origin` is where the files are. */
export const openWorkerPage = async (files, typeOf = (file) => (file === "/" ? "text/html" : "text/javascript")) => {
  const server = createServer((request, response) => {
    const file = (request.url ?? "/").split("?")[0]
    const body = files[file]
    if (body === undefined) return void response.writeHead(404).end()
    response.writeHead(200, { "content-type": typeOf(file) }).end(body)
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${server.address().port}`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true })
  const page = await browser.newPage()
  await page.goto(`${origin}/`)
  return {
    page,
    origin,
    close: async () => {
      await browser.close()
      server.close()
    },
  }
}
