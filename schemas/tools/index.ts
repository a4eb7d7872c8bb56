/** The 17 built-in tools, in the order of docs/builtin-tools.md, and lookup by name. */
import { webFetch, webSearch } from "./web.ts"
import { getTabContent, executeScript } from "./page.ts"
import { listTabs, openTab, closeTab, activateTab } from "./tabs.ts"
import { opfsWrite, opfsRead, opfsList, opfsDelete } from "./workspace.ts"
import { askUser } from "./interaction.ts"
import { agent } from "./agents.ts"
import { createTask, updateTask, listTasks } from "./tasks.ts"

export * from "./web.ts"
export * from "./page.ts"
export * from "./tabs.ts"
export * from "./workspace.ts"
export * from "./interaction.ts"
export * from "./agents.ts"
export * from "./tasks.ts"

/** Every built-in tool, in spec order. */
export const builtinTools = [
  webFetch,
  webSearch,
  getTabContent,
  listTabs,
  openTab,
  closeTab,
  activateTab,
  opfsWrite,
  opfsRead,
  opfsList,
  opfsDelete,
  askUser,
  executeScript,
  agent,
  createTask,
  updateTask,
  listTasks,
] as const

export type BuiltinTool = (typeof builtinTools)[number]
export type BuiltinToolName = BuiltinTool["name"]
export type BuiltinToolOf<N extends BuiltinToolName> = Extract<BuiltinTool, { readonly name: N }>

const byName: ReadonlyMap<string, BuiltinTool> = new Map(builtinTools.map((tool) => [tool.name, tool]))

export const isBuiltinToolName = (name: string): name is BuiltinToolName => byName.has(name)

/** The definition of a built-in tool; `undefined` for a name that is not one. */
export function toolByName<N extends BuiltinToolName>(name: N): BuiltinToolOf<N>
export function toolByName(name: string): BuiltinTool | undefined
export function toolByName(name: string): BuiltinTool | undefined {
  return byName.get(name)
}
