import "./page-agent.ts"
import "../components/am-sidepanel.ts"
