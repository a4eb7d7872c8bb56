/**
 * What a page says about its language, as a hint for the encoding of undeclared bytes. Browsers
 * guess such a page's encoding with the address's top-level domain as a hint (Chrome's detector
 * takes it): single-byte encodings of one script differ only in their letter frequencies, and a
 * Croatian page in windows-1250 scores little above windows-1252 (its š and ž are at the same
 * bytes, its č and ć read "è" and "æ"). The hint only narrows the choice to the encodings of the
 * hinted language; it never overrides a guess the detector is sure of (templates keep lang="en").
 */

/** The single-byte (or legacy multi-byte) encodings each language was written in, as TextDecoder names them. */
const FAMILIES: Readonly<Record<string, readonly string[]>> = {
  central: ["windows-1250", "iso-8859-2"],
  cyrillic: ["windows-1251", "koi8-r", "koi8-u", "iso-8859-5", "ibm866"],
  greek: ["windows-1253", "iso-8859-7"],
  turkish: ["windows-1254"],
  baltic: ["windows-1257", "iso-8859-13", "iso-8859-4"],
  hebrew: ["windows-1255", "iso-8859-8", "iso-8859-8-i"],
  arabic: ["windows-1256", "iso-8859-6"],
  thai: ["windows-874"],
  vietnamese: ["windows-1258"],
  chinese: ["gb18030", "gbk", "big5"],
  japanese: ["shift_jis", "euc-jp", "iso-2022-jp"],
  korean: ["euc-kr"],
  western: ["windows-1252"],
}

const LANGUAGES: Readonly<Record<string, keyof typeof FAMILIES>> = {
  cs: "central",
  sk: "central",
  pl: "central",
  hu: "central",
  hr: "central",
  sl: "central",
  bs: "central",
  ro: "central",
  ru: "cyrillic",
  uk: "cyrillic",
  be: "cyrillic",
  bg: "cyrillic",
  mk: "cyrillic",
  kk: "cyrillic",
  el: "greek",
  tr: "turkish",
  az: "turkish",
  lt: "baltic",
  lv: "baltic",
  et: "baltic",
  he: "hebrew",
  iw: "hebrew",
  yi: "hebrew",
  ar: "arabic",
  fa: "arabic",
  ur: "arabic",
  th: "thai",
  vi: "vietnamese",
  zh: "chinese",
  ja: "japanese",
  ko: "korean",
  en: "western",
  de: "western",
  fr: "western",
  es: "western",
  it: "western",
  pt: "western",
  nl: "western",
  da: "western",
  sv: "western",
  no: "western",
  nb: "western",
  nn: "western",
  fi: "western",
  is: "western",
  ca: "western",
  eu: "western",
  gl: "western",
  ga: "western",
  sq: "western",
}

/** Country-code domains whose pages are mostly in one language (Serbia, Kazakhstan's two scripts and the like are left out). */
const DOMAINS: Readonly<Record<string, string>> = {
  cz: "cs",
  sk: "sk",
  pl: "pl",
  hu: "hu",
  hr: "hr",
  si: "sl",
  ba: "bs",
  ro: "ro",
  ru: "ru",
  ua: "uk",
  by: "be",
  bg: "bg",
  mk: "mk",
  gr: "el",
  tr: "tr",
  lt: "lt",
  lv: "lv",
  ee: "et",
  il: "he",
  ir: "fa",
  th: "th",
  vn: "vi",
  cn: "zh",
  tw: "zh",
  hk: "zh",
  jp: "ja",
  kr: "ko",
  de: "de",
  at: "de",
  fr: "fr",
  es: "es",
  it: "it",
  pt: "pt",
  nl: "nl",
  dk: "da",
  se: "sv",
  no: "no",
  fi: "fi",
  is: "is",
}

/** The `lang` of the document's root element, read from its first bytes as the charset declaration is. */
export const declaredLanguage = (head: string): string | undefined =>
  /<html\b[^>]*?\slang\s*=\s*["']?([a-z]{2,3})\b/i.exec(head)?.[1]?.toLowerCase()

const domainLanguage = (url: string | undefined): string | undefined => {
  if (!url) return undefined
  try {
    const tld = new URL(url).hostname.split(".").pop() ?? ""
    return DOMAINS[tld]
  } catch {
    return undefined
  }
}

/** The encodings a page's language was written in: from its `lang`, else its address's domain. */
export const hintedEncodings = (head: string, url?: string): ReadonlySet<string> | undefined => {
  const language = declaredLanguage(head) ?? domainLanguage(url)
  const family = language === undefined ? undefined : LANGUAGES[language]
  return family === undefined ? undefined : new Set(FAMILIES[family])
}
