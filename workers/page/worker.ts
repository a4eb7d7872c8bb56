/** The page group's worker: get_tab_content and execute_script. */
import { executeScript, getTabContent } from "../../schemas/tools/page.ts"
import { serveToolGroup } from "../runtime/serve.ts"
import { contentHandler, rehearseContent } from "./content.ts"
import { scriptHandler } from "./script.ts"

serveToolGroup(
  [getTabContent, executeScript],
  {
    get_tab_content: contentHandler,
    execute_script: scriptHandler,
  },
  { warm: rehearseContent },
)
