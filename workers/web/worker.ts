/** The web group's worker: web_fetch and web_search. */
import { webFetch, webSearch } from "../../schemas/tools/web.meta.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { fetchHandler } from "./fetch.ts"
import { searchHandler } from "./search.ts"

serveToolGroup([webFetch, webSearch], {
  web_fetch: fetchHandler,
  web_search: searchHandler,
})
