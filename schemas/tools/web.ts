/** Web data tools: web_fetch and web_search (worker group "web"). See docs/builtin-tools.md. */
import * as Schema from "effect/Schema"
import { groupTools, SUMMARISED_READ_LIMITS, SUMMARY_ERRORS } from "../tool-definition.ts"
import { webRead } from "../tool-annotations.ts"
import { PositiveWholeNumber, withDefault } from "../primitives.ts"
import { contentResult, summaryParameters } from "../read-fields.ts"

/** The web tools: the researcher's. */
const webTool = groupTools("web", { timeoutMs: 15_000, subAgents: ["researcher"] })

// ---------------------------------------------------------------------------------------------
// web_fetch

export const WebFetchParameters = Schema.Struct({
  url: Schema.NonEmptyString.annotate({
    description: "The address to fetch; must start with http:// or https://.",
  }),
  ...summaryParameters(
    'Optional instruction for distilling the page, e.g. "list the prices in a table". When given, the fetched content is summarised by an LLM with this instruction and the summary is returned as `content` instead of the page text.',
  ),
})

export const WebFetchResult = Schema.Struct({
  url: Schema.String.annotate({ description: "The URL that was requested." }),
  content_type: Schema.String.annotate({ description: "The response's content type, e.g. text/html." }),
  ...contentResult("The page's main content as Markdown, formatted JSON, plain text, or the summary when `prompt` was given."),
  final_url: Schema.String.annotate({ description: "The URL after redirects." }),
  // ours: the spec's result has no such field
  address: Schema.optionalKey(
    Schema.String.annotate({ description: "The IP address the final response came from, when the browser reported it." }),
  ),
  // ours: the spec's result has no such field
  notice: Schema.optionalKey(
    Schema.Struct({
      code: Schema.Literals(["script_rendered", "consent_wall", "paywall"]).annotate({
        description:
          "script_rendered: the HTML is a shell that scripts fill in the browser (read the page with open_tab and get_tab_content); consent_wall: the server sent a cookie or consent wall instead of the page; paywall: the page is cut off by a paywall.",
      }),
    }).annotate({ description: "Present when the fetched HTML is not the article a reader would see." }),
  ),
})

export const webFetch = webTool({
  name: "web_fetch",
  card: { label: "Read web page", subject: ["params.url"], result: "markdown" },
  description:
    "Fetch a web page (http or https) with a fresh HTTP request and return its main content as text: HTML is reduced to the main body as Markdown (navigation, headers, footers and ads dropped), JSON is returned formatted, plain text as it is. Use it to read a URL you already know, e.g. one returned by web_search. Give `prompt` to get an LLM summary focused on what you need instead of the whole page, and `max_length` to cap the size. To read a page the user already has open (logged-in or script-rendered content), use get_tab_content on its tab instead.",
  annotations: webRead("url", { reads: ["untrusted"], privateWhenLocal: "url", sendsTo: { urlParam: "url" } }),
  parameters: WebFetchParameters,
  result: WebFetchResult,
  ...SUMMARISED_READ_LIMITS,
  errors: {
    http_error: "The server answered with an HTTP error status (the message gives it): check the URL, or look for another source.",
    network_error: "The server could not be reached, or the connection broke while reading: check the address, or try again later.",
    unsupported_content_type: "The response is neither HTML, JSON, plain text nor PDF, so it cannot be turned into text.",
    unreadable_content: "The response could not be read (a broken PDF, a page nested too deeply).",
    too_large: "The response is larger than web_fetch reads.",
    too_many_redirects: "The address redirected too many times; it was given up.",
    redirect_refused: "A redirect led to an address web_fetch does not follow (not http or https, or with a user name or password).",
    redirect_unreadable: "The server redirected, but where to could not be read; the redirect was not followed.",
    ...SUMMARY_ERRORS,
  },
})

// ---------------------------------------------------------------------------------------------
// web_search

export const WebSearchParameters = Schema.Struct({
  query: Schema.NonEmptyString.annotate({ description: "The search keywords." }),
  max_results: PositiveWholeNumber.check(Schema.isLessThanOrEqualTo(10))
    .annotate({ description: "Maximum number of results to return, from 1 to 10 (default 5)." })
    .pipe(withDefault(5)),
})

export const WebSearchHit = Schema.Struct({
  title: Schema.String.annotate({ description: "The result's title." }),
  url: Schema.String.annotate({ description: "The target page's real address (never a search engine redirect link)." }),
  snippet: Schema.String.annotate({ description: "A short summary of the result." }),
})

export const WebSearchResult = Schema.Array(WebSearchHit)

export const webSearch = webTool({
  name: "web_search",
  card: { label: "Web search", subject: ["params.query"], result: "data", outcome: [{ count: "result", of: "results" }] },
  description:
    "Search the web with the search engine the user configured and return structured results (title, url, snippet), best first. Use it to find pages about a topic when you do not already know the URL; then web_fetch the most promising url to read it (or open_tab it when the user should see it).",
  annotations: webRead("search", { reads: ["untrusted"], sendsTo: "search_engine" }),
  parameters: WebSearchParameters,
  result: WebSearchResult,
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
})
