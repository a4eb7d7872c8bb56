/** The page group's worker: get_tab_content, execute_script and capture_tab. */
import { executeScript, getTabContent } from "../../schemas/tools/page.meta.ts"
import { captureTab } from "../../schemas/tools/capture.meta.ts"
import { captureHandler } from "./capture.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { contentHandler, rehearseContent } from "./content.ts"
import { scriptHandler } from "./script.ts"

serveToolGroup(
  [getTabContent, executeScript, captureTab],
  {
    get_tab_content: contentHandler,
    execute_script: scriptHandler,
    capture_tab: captureHandler,
  },
  { warm: rehearseContent },
)
