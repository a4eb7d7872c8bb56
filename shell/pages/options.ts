import "../client/page-agent.ts"
import "../../components/am-options.ts"
