/**
 * The hostile inputs the fuzzer draws from, by kind. Each list is something a model could be
 * steered into sending (by page content, a prompt injection, or its own confusion); the e2e
 * suite sends each entry at least once and then mixes them at random.
 */
import { MEGABYTE, repeat, type Repeat } from "./values.ts"

export type Value = unknown

/** Strings that break naive code: lone surrogates, bidi overrides, zero-width, NUL, emoji, ... */
export const ODD_STRINGS: ReadonlyArray<string> = [
  "\uD800", "\uDFFF", "a\uD83Db", "\uDE00\uD83D", "\uD83D\uDE00\uD83D",
  "\u202Egnp.exe", "abc\u202Edef\u202C", "\u2066\u2067\u2068\u2069", "\u200F\u200E",
  "\u200B", "a\u200Bb\u200Cc\u200Dd", "\uFEFF", "\uFEFFhello", "\u2060",
  "\u0000", "a\u0000b", "\u0000\u0000\u0000\u0000", "\u0007\u001B[31mred\u001B[0m", "\u007F", "\u0085",
  "👩‍👩‍👧‍👦", "🏳️‍🌈", "🇵🇹🇯🇵", "😀".repeat(50), "👍🏽",
  "e" + "\u0301".repeat(300), "Z̵̡̛̖͎̣͍͙̪̗̱̥̈́͌̓̄̉̓͒͛̚͝a̸̧̛l̷g̶o̵",
  "\u2028\u2029", "\r\n\r\n", "\t \n", " ", "\u00A0", "\u3000", "\uFFFD", "\uFFFE\uFFFF",
  "𝕳𝖊𝖑𝖑𝖔", "مرحبا بالعالم", "שלום עולם", "日本語のテキスト", "İıŞş", "ß", "ﬁ",
  "<script>alert(1)</script>", "\"'`${{}}", "{{constructor.constructor('return 1')()}}",
  "__proto__", "constructor", "toString", "hasOwnProperty", "prototype",
  "null", "undefined", "NaN", "-0", "1e309", "0x10", "true", "[]", "{}",
  "%00", "%", "%%", "%zz", "%u0000", "\\", "\\\\", "\\u0000", "~", "$HOME", "`rm -rf /`", "'; DROP TABLE tasks; --",
]

/** About a megabyte each, built in the page. */
export const HUGE_STRINGS: ReadonlyArray<Repeat> = [
  repeat("a", MEGABYTE),
  repeat("😀", MEGABYTE / 2),
  repeat("\u0000", MEGABYTE),
  repeat("ab\u202E\u200B", MEGABYTE / 4),
  repeat("\uD800", MEGABYTE / 2),
  repeat("line\n", MEGABYTE / 5),
]

/** Values of every JSON type; the mutator picks the ones of the wrong type for a field. */
export const ANY_JSON: ReadonlyArray<Value> = [
  null, true, false, 0, -1, 1.5, 42, "", "x", "1", "true", [], ["x"], [1, 2], {}, { a: 1 }, { value: "x" },
  nested(200),
]

function nested(depth: number): Value {
  let v: Value = "deep"
  for (let i = 0; i < depth; i++) v = [v]
  return v
}

/** Numbers outside what a count or an ID can be: huge, negative, fractional (NaN/Infinity cannot be JSON). */
export const BAD_NUMBERS: ReadonlyArray<number> = [
  0, -0, -1, -2, 0.5, 1.5, 1.0000001, 2.5e-7, 5e-324, -2147483648, 2147483648, 4294967296,
  2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER,
]

/** Regular expressions that backtrack catastrophically on a long subject, and their cousins. */
export const CATASTROPHIC_PATTERNS: ReadonlyArray<string> = [
  "(a+)+$", "(a*)*$", "(a|a)*$", "(a|aa)+$", "(a|a?)+$", "(?:a+)+$", "((a+)+)+$", "(.*a){25}",
  "^(\\w+\\s?)*$", "(x+x+)+y", "a*a*a*a*a*a*a*a*a*a*a*b", "(a|b|ab)*c", "(\\d+)*$", "(.*)*$",
  "([a-z]+)*!$", "(a{1,10}){1,10}$", "(a+){10}$", "^(a?){28}a{28}$", "(a*)\\1*$", "(.+)+$",
  "(\\w|\\w)*$", "(.*?){30}X", "^(([a-z])+.)+[A-Z]([a-z])+$", "(.*,){12}X", ".*.*.*.*.*.*.*.*.*.*=x",
  "(a|a|a|a|a)*$", "(?:a|\\w)+$", "(?=(a+))+$", "([^!]|a)*$", "(\\S+\\s*)*$",
]

/** Patterns that are not regular expressions, or are too long. */
export const BROKEN_PATTERNS: ReadonlyArray<Value> = [
  "(", ")", "[", "*", "+a", "a{2,1}", "(?<", "\\", "(?<=", "[z-a]", "\\k<x>", "(?i)abc", "a**", "(?P<n>a)",
  "x".repeat(201), repeat("(", MEGABYTE), repeat("a", MEGABYTE), "\u0000", "\uD800",
]

/** Patterns that are fine and match something among the suite's tabs. */
export const SAFE_PATTERNS: ReadonlyArray<string> = ["127\\.0\\.0\\.1", "article", "^http", "a{3}", "deep|unicode", "\\d+", "", ".", "😀", "\u202E", "title-a$"]

/** Workspace paths that must not escape the workspace, or are otherwise malformed. */
export const PATH_TRICKS: ReadonlyArray<Value> = [
  "..", "../x", "a/../../x", "./a", "a/./b", ".", "...", "%2e%2e", "%2e%2e/x", "..%2fx", "%2F", "a%00b",
  "\\", "..\\x", "a\\b", "C:\\Windows\\win.ini", "/", "//", "///", "/etc/passwd", "a//b", "a/", "/a/",
  "\u0000", "a\u0000.txt", "a\nb", "\t", " ", " a ", "a ", ".hidden", "~/.ssh/id_rsa",
  "file:///etc/passwd", "chrome://settings", "..\u2215x", "\u2024\u2024/x", "\uFF0E\uFF0E/x", "\u202Etxt.exe",
  "CON", "NUL", "aux.txt", "a:b", "a*b?c<d>|e\"", "x".repeat(255), "x".repeat(256), "é".repeat(128), "😀".repeat(64),
  "d/".repeat(200) + "f", repeat("d/", 5000, "", "f"), repeat("/", 1000), "workspace/../x", "../workspace", "../../",
  repeat("a", MEGABYTE), "\uD800/x", "😀/👩‍👩‍👧‍👦.txt", "\u200B", "a/\u200B/b",
]

/** `data:` URLs whose header, encoding or claimed type does not match their data. */
export const LYING_DATA_URLS: ReadonlyArray<Value> = [
  "data:image/png;base64,aGVsbG8=", "data:text/plain;base64,!!!notbase64", "data:text/plain;base64,aGVsbG8",
  "data:text/plain;base64,aGV sbG8=", "data:;base64,", "data:,", "data:image/png,%ZZ%", "data:text/html,<script>alert(1)</script>",
  repeat("A", MEGABYTE, "data:application/octet-stream;base64,"), repeat("%00", MEGABYTE / 3, "data:application/octet-stream,"),
  "data:image/png", "data:image/png;base64", "data:", "DATA:TEXT/PLAIN,x", "data:text/plain;charset=utf-16;base64,//5oAGkA",
  "data:text/plain;base64,%41%41%41%3D", "data:a/b;x=\"a,b\";base64,QQ==", "data:text/plain;base64,-_-_",
  "data:image/svg+xml,<svg onload=alert(1)>", "data: not a url", "data:text/plain;base64,\u0000", "data:text/plain;base64,😀",
  "data:text/plain;base64,====", "data:text/plain;base64,A", "data:image/png;base64,iVBORw0KGgo=", "data:text/plain;;;;base64,QQ==",
  "data:text/plain;base64,QQ==%", "data:text/plain,%E2%82", "data:text/plain,%uD800",
]

/** URLs for the tools that fetch or open: every one that parses as http(s) points at `origin`. */
export const urlTricks = (origin: string, extensionId: string): ReadonlyArray<Value> => {
  const port = new URL(origin).port
  return [
    `${origin}/article?q=${encodeURIComponent("\u202E😀\u0000")}`, `${origin}/%2e%2e/%2e%2e/etc/passwd`, `${origin}/../../etc/passwd`,
    `${origin}/text#frag`, `   ${origin}/text   `, `\t${origin}/text\n`, `HTTP://127.0.0.1:${port}/TEXT`, `http://user:pass@127.0.0.1:${port}/text`,
    "http://127.0.0.1:1/", `${origin}/redirect-loop`, "http://127.0.0.1:99999/", "http://[::1/", `http:///127.0.0.1:${port}/text`, `http:127.0.0.1:${port}/text`,
    `http:\\\\127.0.0.1:${port}\\text`, `http://0x7f.0.0.1:${port}/text`, `http://2130706433:${port}/text`, `http://127.1:${port}/text`,
    "ftp://127.0.0.1/", "file:///etc/passwd", "javascript:alert(1)", "JaVaScRiPt:alert(1)", "chrome://settings", `chrome-extension://${extensionId}/options.html`,
    "about:config", "about:blank#x", `view-source:${origin}/text`, `blob:${origin}/x`, `ws://127.0.0.1:${port}/`, `//127.0.0.1:${port}/text`, "/article",
    `127.0.0.1:${port}/article`, "example.com", "example.com/path", "data:text/html,<h1>hi</h1>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==", "data:application/json,{\"lie\":true}",
    repeat("a", MEGABYTE, `${origin}/`), `${origin}/\u202Eevil`, `${origin}/😀`, `${origin}/\u0000`, `${origin}/a\uD800b`, "http://", "https://",
    `${origin}/json`, `${origin}/lying-json`, `${origin}/lying-pdf`, `${origin}/gzip-lie`, `${origin}/charset-lie`, `${origin}/binary`,
    `${origin}/deep`, `${origin}/nul-text`, `${origin}/long-line`, `${origin}/bad-json`, `${origin}/svg`, `${origin}/500`, `${origin}/404`,
    `${origin}/length-lie`, `${origin}/empty`, `${origin}/no-type`,
  ]
}

/** CSS selectors: invalid, absurd, huge, or naming nothing. */
export const SELECTORS: ReadonlyArray<Value> = [
  "main", "body", "#missing", "", " ", "*", ":root", "html > body", "[", "a[href", ">>>", "::before", ":has(:has(:has(*)))",
  ":nth-child(2n+1 of p)", "\u0000", "#\u202E", "div ".repeat(500), `:is(${"*,".repeat(1000)}*)`, repeat("*", MEGABYTE), "svg|rect",
  "@media", "a:hover", "*:not(*)", "html:not(html)", "body /deep/ p", "\\", "\"", "'", "<script>", "p:nth-of-type(99999999999999999999)",
  "😀", "h1, h2, h3", "iframe", "head", "title", "script", "#\\31 23",
]

/** JavaScript for execute_script that ends quickly (no endless loops) and leaves the page as it was. */
export const SCRIPTS: ReadonlyArray<Value> = [
  "1+1", "return 42", "'😀'.repeat(3)", "null", "undefined", "[1,2,3]", "({a:1})", "Symbol('x')", "10n", "(() => {})", "new Date(0)",
  "new Map([[1,2]])", "NaN", "-0", "Infinity", "'\\uD800'", "new Error('boom')", "throw new Error('boom')", "throw null", "throw undefined",
  "throw {toString(){throw new Error('nested')}}", "throw Object.create(null)", "Promise.reject(new Error('r'))", "Promise.reject()",
  "{", "}}}", "return", "await", "yield 1", "import('x')", "let x = ; x", "const o = {}; o.self = o; o",
  "let o = {}; let c = o; for (let i = 0; i < 100000; i++) { c.a = {}; c = c.a } o", "new Array(200000).fill('xxxxxxxxxx')",
  "'x'.repeat(1e6)", "({ toJSON() { throw new Error('no json') } })", "({ get a() { throw new Error('getter') } })",
  "new Proxy({}, { ownKeys() { throw new Error('proxy') } })", "globalThis === undefined", "typeof this", "debugger; 1",
  "// only a comment", "/* unterminated", "'unterminated", "\u0000", "1;\u2028 2", "new Uint8Array(16)", "new ArrayBuffer(8)",
  "await new Promise((r) => setTimeout(r, 20)); 7", "({}).constructor.constructor('return 1')()", "eval('1+1')", "new Function('return 1')()",
  "[...Array(1000).keys()].map(String)", "({ '\\u0000': 1, '__proto__': 2 })", "Object.create(null)", "new WeakMap()", "Promise.resolve(Promise.resolve(3))",
  "(async () => { throw new Error('late') })()", "queueMicrotask(() => { throw new Error('stray') }); 1", "setTimeout(() => { throw new Error('stray') }, 0); 2",
  repeat("1;", 100_001), repeat(" ", MEGABYTE, "", "1"), "\uFEFF1+1", "\u202E1+1", "'\\u202E'", "arguments", "new.target",
]

/** Read-only page scripts (target "page"): they must not navigate or change the fuzz tabs' titles. */
export const PAGE_SCRIPTS: ReadonlyArray<Value> = [
  "document.title.length", "location.href", "document.querySelectorAll('*').length", "document.body ? document.body.textContent.length : -1",
  "window.length", "[...document.querySelectorAll('a')].map(a => a.href)", "document", "window", "document.body", "getComputedStyle(document.documentElement).color",
]
