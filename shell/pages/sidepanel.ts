import "../client/page-agent.ts"
import "../../components/am-sidepanel.ts"
