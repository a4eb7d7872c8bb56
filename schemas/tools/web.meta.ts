// Written by `npm run docs` from ./web.ts: what a tool worker needs of these tools, without their
// schemas (ToolMeta, schemas/tool-definition.ts). Not edited by hand; `npm run docs:check` checks it.
import type { ToolMeta } from "../tool-definition.ts"
import type * as tools from "./web.ts"

export const webFetch: ToolMeta<typeof tools.webFetch> = {
  name: "web_fetch",
  group: "web",
  timeoutMs: 30000,
  summaryTimeoutMs: 1800000,
  errors: {
    http_error: "The server answered with an HTTP error status (the message gives it): check the URL, or look for another source.",
    network_error: "The server could not be reached, or the connection broke while reading: check the address, or try again later.",
    unsupported_content_type: "The response is neither HTML, JSON, plain text nor PDF, so it cannot be turned into text.",
    unreadable_content: "The response could not be read (a broken PDF, a page nested too deeply).",
    too_large: "The response is larger than web_fetch reads.",
    too_many_redirects: "The address redirected too many times; it was given up.",
    redirect_refused: "A redirect led to an address web_fetch does not follow (not http or https, or with a user name or password).",
    redirect_unreadable: "The server redirected, but where to could not be read; the redirect was not followed.",
    no_summary_model: "A prompt needs a summary model and none is set: call again without prompt to get the content itself.",
    summary_timeout:
      "The content was read, but the summary model did not finish within the summary time limit: call again without prompt, or with a shorter max_length.",
    summary_failed: "The summary model failed (the message says how): call again without prompt to get the content itself.",
  },
}
export const webSearch: ToolMeta<typeof tools.webSearch> = {
  name: "web_search",
  group: "web",
  timeoutMs: 15000,
  errors: {
    search_http_error: "The search engine answered with an HTTP error status: try again later, or rephrase the query.",
    search_network_error: "The search engine could not be reached: try again later.",
    search_blocked: "The search engine refused the request (a captcha or a block page): try again later, or another engine in Settings.",
    search_bad_response: "The search engine's answer could not be read as results.",
    search_links_unresolved: "The results' links could not be resolved to the pages' real addresses.",
    search_api_error: "The search API refused the request (the message gives its reason and what to fix in Settings).",
    missing_api_key: "The engine chosen in Settings needs an API key (and for Google a search engine ID) that is not set.",
    search_response_too_large: "The search engine's answer is larger than web_search reads.",
  },
}
