import "../client/page-agent.ts"
import "../../components/am-options.ts"
import { t } from "../../components/i18n.ts"
import { speakUiLanguage } from "./page-language.ts"

// The page's title is its tab's name: in the reader's language, not the build's.
document.title = t("optionsTitle")
speakUiLanguage()
