/**
 * The page a fenced tab is left on when the browser stopped its navigation (docs/security.md,
 * "The fence"): what was stopped (the whole address, shown as text) and why.
 */
import { t } from "../../components/i18n.ts"

const url = new URLSearchParams(location.search).get("url") ?? ""
let site = url
try {
  site = new URL(url).host
} catch {
  // Not an address: shown as it came.
}
document.documentElement.lang = chrome.i18n.getUILanguage()
document.title = t("blockedTitle")
document.getElementById("title")!.textContent = t("blockedTitle")
document.getElementById("why")!.textContent = t("blockedWhy")
document.getElementById("site")!.textContent = t("blockedSite", site)
document.getElementById("url")!.textContent = url
