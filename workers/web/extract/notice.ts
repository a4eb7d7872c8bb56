/**
 * Pages whose HTML is not the article a reader sees: a shell that scripts fill in the browser,
 * a cookie or consent wall, a paywall. Each is recognised from general signals (how the markup is
 * built, standard schema.org markup, the words such walls use), never from a site's name.
 */
import { visibleLength } from "./dom.ts"
import { parsedElements } from "./parse.ts"

export type NoticeCode = "script_rendered" | "consent_wall" | "paywall"

export interface PageNotice {
  readonly code: NoticeCode
}

/** What must be read before the page is stripped of its scripts and noscript elements. */
export interface RawSignals {
  /** scripts that run (not JSON data blocks) */
  readonly scripts: number
  /** an empty element near the top of the body that scripts would fill: `<div id="root"></div>`, `<app-root>` */
  readonly mountPoint: boolean
  /** a <noscript> that asks for JavaScript */
  readonly asksForJavaScript: boolean
  /** schema.org says the content is not free (isAccessibleForFree: false), the markup paywalls are asked to carry */
  readonly declaredNotFree: boolean
}

const DATA_SCRIPT = /json|template|text\/(?:html|x-|plain)/i
const ASKS_FOR_JS =
  /\b(?:enable|turn on|activate|allow|requires?|needs?|switch on)\b[^.]{0,60}\bjavascript\b|\bjavascript\b[^.]{0,60}\b(?:enabled?|required|disabled|turned off|support)\b/i
const NOT_FREE = /"isAccessibleForFree"\s*:\s*(?:false|"false")/i

/** Reads the signals of a parsed page that the article finder will strip away. */
export const rawSignals = (document: Document): RawSignals => {
  let scripts = 0
  let declaredNotFree = false
  for (const script of parsedElements(document, "script")) {
    const type = script.getAttribute("type") ?? ""
    if (type.includes("ld+json")) declaredNotFree ||= NOT_FREE.test(script.textContent ?? "")
    else if (!DATA_SCRIPT.test(type)) scripts++
  }
  const itemprop = parsedElements(document, "[itemprop]").find((el) => el.getAttribute("itemprop") === "isAccessibleForFree") ?? null
  if (itemprop !== null && /^false$/i.test((itemprop.getAttribute("content") ?? itemprop.textContent ?? "").trim())) declaredNotFree = true
  let asksForJavaScript = false
  for (const noscript of parsedElements(document, "noscript")) {
    if (ASKS_FOR_JS.test(noscript.textContent ?? "")) asksForJavaScript = true
  }
  const body = document.body ?? document.documentElement
  return { scripts, mountPoint: hasMountPoint(body, 0), asksForJavaScript, declaredNotFree }
}

/** Whether an empty container sits within the first levels of the body (where frameworks mount their app). */
const hasMountPoint = (el: Element, depth: number): boolean => {
  for (let child = el.firstElementChild; child !== null; child = child.nextElementSibling) {
    const tag = child.localName
    if (tag === "script" || tag === "noscript" || tag === "style" || tag === "template") continue
    const empty = child.firstElementChild === null && visibleLength(child.textContent ?? "") === 0
    if (empty && (tag.includes("-") || ((tag === "div" || tag === "main" || tag === "section") && child.hasAttribute("id")))) return true
    if (depth < 2 && hasMountPoint(child, depth + 1)) return true
  }
  return false
}

/** A page with less visible text than this, outside scripts, has no article of its own. */
const SHELL_TEXT = 400
/** Less article than this is next to nothing. */
const NOTHING = 200
/** A consent wall or paywall prompt is short; an article about cookies is not. */
const WALL_TEXT = 1500

const CONSENT_TERMS = [
  /\bcookies?\b/i,
  /\bconsent\b/i,
  /\baccept(?: all| cookies|ing)?\b|\bagree\b|\bi accept\b/i,
  /\b(?:reject|decline|refuse|deny)(?: all| cookies)?\b/i,
  /\b(?:manage|customi[sz]e|change|more) (?:preferences|options|settings|choices)\b|\bcookie (?:settings|preferences|policy)\b/i,
  /\b(?:our|third[- ]party|advertising|vendors? and) partners\b|\bvendors\b/i,
  /\blegitimate interest/i,
  /\bpersonali[sz]ed (?:ads|advertising|content)\b|\bad (?:and|&) content measurement\b/i,
  /\bprivacy (?:policy|settings|preferences|notice|statement)\b/i,
  /\b(?:store|access) (?:and\/or access )?information on (?:a|your) device\b/i,
]

const PAYWALL_PROMPT =
  /\bsubscribe(?: now| today)? to (?:continue|keep) reading\b|\bto (?:continue|keep) reading,? (?:please )?(?:subscribe|log ?in|sign ?in|sign up|register|become a (?:member|subscriber))\b|\b(?:continue|keep) reading (?:with|for) (?:a|an|only) (?:subscription|digital)|\balready (?:a subscriber|subscribed|a member)\??|\b(?:this|the) (?:article|story|content|post) is (?:only )?(?:available|reserved|exclusive|for) (?:to |for )?(?:paying |our )?(?:subscribers|members|premium)\b|\bsubscribers?[- ]only\b|\b(?:become|sign up as) a (?:member|subscriber) to (?:read|continue|unlock)\b|\byou(?:'ve| have) (?:reached|used) (?:your|all of your|the) (?:limit|free articles?|monthly|article limit)|\bfree articles? (?:left|remaining)\b|\bunlock (?:this|the full) (?:article|story)\b|\bto read the (?:rest|remainder) of (?:this|the) (?:article|story|post)\b/i

/**
 * The prompts in German, French, Spanish, Italian, Polish, Russian, Croatian and Greek as paywalls
 * write them: the article is for subscribers only ("nur für Abonnenten", "réservé aux abonnés",
 * "exclusivo para suscriptores", "tylko dla subskrybentów", "только для подписчиков", "samo za
 * pretplatnike", "μόνο για συνδρομητές"), the reader may already be one ("Bereits Abonnent?",
 * "Déjà abonné ?", "¿Ya eres suscriptor?", "Уже есть подписка?"), or a share of it is left to read.
 * Written with their accents (prompts are sentences, not capital headings); whole words, as `\b`
 * knows ASCII letters only.
 */
const PAYWALL_ELSEWHERE =
  /(?<![\p{L}])(?:(?:nur|exklusiv) für (?:digital-?|plus-?)?abonnent|(?:bereits|schon) abonnent|(?:bereits|schon) ein abo(?:nnement)?(?![\p{L}])|weiterlesen mit (?:[\p{L}\d]+ ?)?(?:plus|\+)|réservée?s? aux abonnés|déjà abonné|il vous reste \d+ ?% de (?:cet|l')article|(?:exclusivo|reservado|disponible) (?:solo |sólo |únicamente )?para (?:suscriptores|socios|abonados)|ya (?:eres|soy) (?:suscriptor|socio|abonado)|riservat[oaie] (?:agli|ai) abbonati|già abbonato|(?:tylko|wyłącznie) dla (?:subskrybentów|prenumeratorów|abonentów)|masz już (?:subskrypcję|prenumeratę|abonament)|(?:только|исключительно) (?:для )?подписчик|уже (?:есть подписка|подписаны|подписчик)|(?:samo|isključivo) (?:za )?pretplatni(?:ke|cima)|već (?:ste pretplatnik|imate pretplatu)|(?:μόνο|αποκλειστικά) (?:για (?:τους )?)?συνδρομητ|ήδη συνδρομητής)/iu

/** Whether `text` holds a paywall's prompt ("subscribe to continue reading"). */
export const isPaywallPrompt = (text: string): boolean => PAYWALL_PROMPT.test(text) || PAYWALL_ELSEWHERE.test(text)

export interface Reading {
  /** the visible text of the whole page after stripping, in characters */
  readonly pageText: number
  /** the text of the content found, as plain text */
  readonly articleText: string
  /** the visible text of the whole page after stripping */
  readonly allText: string
  /** whether a paywall prompt was found in the page */
  readonly paywallPrompt: boolean
}

const consentTerms = (text: string): number => CONSENT_TERMS.filter((term) => term.test(text)).length

/** Whether a reading is a consent wall's own text (short, and in its words). */
export const isWallText = (text: string): boolean => visibleLength(text) < WALL_TEXT && consentTerms(text) >= 4

/**
 * A consent wall: what we read as the article is the wall's text, or we read next to nothing and
 * the whole (short) page is the wall's text (its elements are named as consent furniture).
 */
export const isConsentWall = (reading: Reading): boolean => {
  if (isWallText(reading.articleText)) return true
  const article = visibleLength(reading.articleText)
  return article < NOTHING && reading.pageText < WALL_TEXT * 2 && consentTerms(reading.allText) >= 4
}

/** The notice a page deserves, if any. */
export const noticeOf = (raw: RawSignals, reading: Reading): PageNotice | undefined => {
  const article = visibleLength(reading.articleText)
  if (raw.scripts > 0 && reading.pageText < SHELL_TEXT && article < SHELL_TEXT && (raw.mountPoint || raw.asksForJavaScript))
    return { code: "script_rendered" }
  if (isConsentWall(reading)) return { code: "consent_wall" }
  // Metered sites declare every article not free yet send it whole; only a short reading is cut off.
  if ((raw.declaredNotFree || reading.paywallPrompt) && article < WALL_TEXT) return { code: "paywall" }
  return undefined
}

/**
 * Finds the paywall prompts of a page (the outermost short elements whose text is one) and cuts
 * those inside the content found, so the prompt is not read as the article's last paragraph.
 * Returns whether the page had one.
 */
export const cutPaywallPrompts = (body: Element, content: Element): boolean => {
  if (!isPaywallPrompt(body.textContent ?? "")) return false
  let found = false
  const visit = (el: Element): void => {
    for (let child = el.firstElementChild; child !== null;) {
      const next = child.nextElementSibling
      const text = child.textContent ?? ""
      if (isPaywallPrompt(text)) {
        // the content itself (or what holds it) is looked into, never cut whole
        if (visibleLength(text) <= 400 && !child.contains(content)) {
          found = true
          if (content.contains(child) && child !== content) child.remove()
        } else visit(child)
      }
      child = next
    }
  }
  visit(body)
  return found
}
