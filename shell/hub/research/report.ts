/**
 * The pieces of a research job that are plain data: what a researcher found, which of it is on
 * its page, and the report that cites it. Kept apart from the job so each rule is tested alone.
 */
import { checkQuote, urlKey, type QuoteCheck } from "./quotes.ts"
import type { ReportWords } from "./words.ts"

export interface Finding {
  readonly claim: string
  readonly url: string
  readonly quote: string
}

/** What one researcher fetched: the page text under each URL it was read from. */
export type FetchedPages = ReadonlyMap<string, ReadonlyArray<{ readonly content: string; readonly title?: string; readonly at: number }>>

export interface CheckedFinding extends Finding {
  readonly n: number
  readonly check: QuoteCheck
  readonly title: string
  readonly fetchedAt?: number
  readonly angle: string
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const httpUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}

/** Candidate JSON texts in an answer: fenced blocks first (the last is the most deliberate), then the outermost braces, then brackets. */
const jsonCandidates = (answer: string): string[] => {
  const fenced = [...answer.matchAll(/```(?:json)?\s*\n([\s\S]*?)```/g)].map((m) => m[1] ?? "").reverse()
  const outermost = (open: string, close: string) => {
    const start = answer.indexOf(open)
    const end = answer.lastIndexOf(close)
    return start >= 0 && end > start ? [answer.slice(start, end + 1)] : []
  }
  return [...fenced, ...outermost("{", "}"), ...outermost("[", "]")]
}

/** The lists an answer carries under `key` (`{"<key>": [...]}`) or as a bare JSON array, in the order of jsonCandidates. */
function* jsonLists(answer: string, key: string): Generator<unknown[]> {
  for (const candidate of jsonCandidates(answer)) {
    let parsed: unknown
    try {
      parsed = JSON.parse(candidate)
    } catch {
      continue
    }
    const list = Array.isArray(parsed) ? parsed : isRecord(parsed) ? parsed[key] : undefined
    if (Array.isArray(list)) yield list
  }
}

/**
 * The findings a researcher's final answer carries (`{"findings": [{claim, url, quote}]}` in a
 * JSON block). Malformed entries are dropped one by one; an answer without any yields none.
 */
export const parseFindings = (answer: string): Finding[] => {
  for (const list of jsonLists(answer, "findings")) {
    return list.flatMap((item: unknown): Finding[] => {
      if (!isRecord(item)) return []
      const { claim, url, quote } = item
      if (typeof claim !== "string" || typeof url !== "string" || typeof quote !== "string") return []
      if (!httpUrl(url) || claim.trim() === "" || quote.trim() === "") return []
      return [{ claim: claim.trim(), url: url.trim(), quote: quote.trim() }]
    })
  }
  return []
}

/** The angles a planner proposed (`{"angles": ["…"]}` or a JSON array of strings), at most `max`. */
export const parseAngles = (answer: string, max: number): string[] => {
  for (const list of jsonLists(answer, "angles")) {
    const angles = list.filter((a): a is string => typeof a === "string" && a.trim() !== "").map((a) => a.trim())
    if (angles.length > 0) return [...new Set(angles)].slice(0, max)
  }
  return []
}

const titleOf = (content: string): string | undefined => content.match(/^#{1,2}\s+(.+)$/m)?.[1]?.trim()

/** Numbers every finding of every researcher and checks its quote against that researcher's own pages, and the job's. */
export const checkFindings = (
  batches: ReadonlyArray<{ readonly angle: string; readonly findings: ReadonlyArray<Finding> }>,
  fetched: FetchedPages,
): CheckedFinding[] => {
  const out: CheckedFinding[] = []
  for (const { angle, findings } of batches) {
    for (const finding of findings) {
      const pages = fetched.get(urlKey(finding.url)) ?? []
      const check = checkQuote(
        finding.quote,
        pages.map((p) => p.content),
      )
      const title = pages.map((p) => p.title ?? titleOf(p.content)).find((t) => t !== undefined) ?? new URL(finding.url).hostname
      const first = pages[0]
      out.push({ ...finding, n: out.length + 1, check, title, angle, ...(first ? { fetchedAt: first.at } : {}) })
    }
  }
  return out
}

export interface CitationAudit {
  /** Citation marks in the writer's text. */
  readonly total: number
  /** Of those, marks whose finding's quote was found on its page. */
  readonly verified: number
  /** Marks whose number no finding has. */
  readonly unbacked: number
  /** Sentences that carry such a mark. */
  readonly flaggedSentences: ReadonlyArray<string>
}

const CITATION = /\[(\d+(?:\s*,\s*\d+)*)\](?!\()/g

/**
 * The writer's Markdown with every citation mark turned into a link to its source, marked
 * verified or not; a mark that no finding backs is flagged where it stands.
 */
export const linkCitations = (
  text: string,
  findings: ReadonlyArray<CheckedFinding>,
  words: ReportWords,
): { markdown: string; audit: CitationAudit } => {
  const byNumber = new Map(findings.map((f) => [f.n, f]))
  let total = 0
  let verified = 0
  let unbacked = 0
  const markdown = text.replace(CITATION, (_whole, list: string) =>
    list
      .split(",")
      .map((s) => Number(s.trim()))
      .map((n) => {
        total += 1
        const finding = byNumber.get(n)
        if (!finding) {
          unbacked += 1
          return `[${n}] *(${words.text("report_unsupported")})*`
        }
        if (finding.check.verified) verified += 1
        return finding.check.verified
          ? `[\\[${n}\\]](${finding.url})`
          : `[\\[${n}\\]](${finding.url}) *(${words.text("report_unverified")})*`
      })
      .join(""),
  )
  const flaggedSentences = text
    .split(/(?<=[.!?。！？])\s+|\n+/)
    .filter((sentence) =>
      [...sentence.matchAll(CITATION)].some((m) => (m[1] ?? "").split(",").some((s) => !byNumber.has(Number(s.trim())))),
    )
    .map((s) => s.trim())
  return { markdown, audit: { total, verified, unbacked, flaggedSentences } }
}

export interface ReportInput {
  readonly question: string
  readonly body: string
  readonly findings: ReadonlyArray<CheckedFinding>
  /** Angles whose researcher did not come back, and why (a code). */
  readonly missing: ReadonlyArray<{ readonly angle: string; readonly code: string }>
  readonly stopped?: "user" | "budget"
  /** The fixed words, in the language of the person who started the job. */
  readonly words: ReportWords
}

/** When a page was read, in the reader's notation (the JSON record keeps the ISO time). */
const when = (at: number | undefined, words: ReportWords) =>
  at === undefined
    ? words.text("report_notFetched")
    : new Intl.DateTimeFormat(words.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at))

/** Why an angle is missing: the reason's words, or an error's as the panel words it. */
const missingText = (code: string, words: ReportWords): string => {
  const own = words.text(`report_missing_${code}`)
  if (own !== `report_missing_${code}`) return own
  const error = words.text(`error_${code}`)
  return error !== `error_${code}` && !/\$\d|\$\w+\$/.test(error) ? error : words.text("error_other", code)
}

/** Sentences one after the other: a space between them, none after full-width punctuation (。), which carries its own; a bold label keeps its space (CommonMark ends bold after punctuation only before a space). */
const joinSentences = (parts: ReadonlyArray<string>): string =>
  parts.reduce((text, part) => (text === "" ? part : /[\u3000-\u303f\uff01-\uff1f]$/.test(text) ? text + part : `${text} ${part}`), "")

/** The report as saved: the writer's text with linked citations, the verification count, the sources and what is missing. */
export const composeReport = (input: ReportInput): { markdown: string; audit: CitationAudit } => {
  const { words } = input
  const { markdown: body, audit } = linkCitations(input.body, input.findings, words)
  const quotesVerified = input.findings.filter((f) => f.check.verified).length
  const count = (n: number) => new Intl.NumberFormat(words.language).format(n)
  const lines = [`# ${input.question.replace(/\s+/g, " ").trim()}`, "", body.trim(), "", "---", ""]
  if (input.stopped) lines.push(`*${words.text(`report_stopped_${input.stopped}`)}*`, "")
  lines.push(
    joinSentences([
      `**${words.text("report_citations")}**`,
      words.text("report_citationsVerified", count(audit.verified), count(audit.total)),
      ...(audit.unbacked > 0 ? [words.text("report_citationsUnbacked", count(audit.unbacked))] : []),
      `**${words.text("report_findings")}**`,
      words.text("report_quotesFound", count(quotesVerified), count(input.findings.length)),
    ]),
    "",
  )
  if (audit.flaggedSentences.length > 0) {
    lines.push(`**${words.text("report_flagged")}**`, "", ...audit.flaggedSentences.map((s) => `- ${s}`), "")
  }
  if (input.missing.length > 0) {
    lines.push(`## ${words.text("report_notCovered")}`, "", ...input.missing.map((m) => `- ${m.angle} (${missingText(m.code, words)})`), "")
  }
  lines.push(`## ${words.text("report_sources")}`, "")
  for (const f of input.findings) {
    const status = f.check.verified ? words.text("report_quoteVerified") : words.text(`report_quoteNotVerified_${f.check.reason}`)
    lines.push(
      `${f.n}. [${f.title.replace(/[[\]]/g, "")}](${f.url}) — ${when(f.fetchedAt, words)} — ${status}`,
      `   > ${f.quote.replace(/\s+/g, " ")}`,
    )
  }
  return { markdown: lines.join("\n") + "\n", audit }
}

/**
 * A file name from a question: lower case words joined by dashes, at most 60 characters. Latin
 * letters lose their accents (café → cafe); every other script keeps its marks, which are part
 * of the letter there (プ is フ with U+309A; й is и with U+0306), and Hangul its syllables.
 */
export const slugOf = (question: string): string => {
  const slug = question
    .normalize("NFKD")
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
  // Cut at 60 letters as a reader counts them, never between a letter and its mark.
  const letters = Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(slug), (s) => s.segment)
  return letters.slice(0, 60).join("").replace(/-+$/g, "") || "research"
}
