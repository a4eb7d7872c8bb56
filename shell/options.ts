import "./page-agent.ts"
import "../components/am-options.ts"
