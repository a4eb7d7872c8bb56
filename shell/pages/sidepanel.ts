import "../client/page-agent.ts"
import "../../components/am-sidepanel.ts"
import { speakUiLanguage } from "./page-language.ts"

speakUiLanguage()
