/**
 * The built-in tools: every definition that a group's module (`schemas/tools/<group>.ts`) exports,
 * group by group, so a new tool is listed by being defined.
 */
import type { ToolGroup } from "../tool-definition.ts"
import * as web from "./web.ts"
import * as page from "./page.ts"
import * as tabs from "./tabs.ts"
import * as workspace from "./workspace.ts"
import * as interaction from "./interaction.ts"
import * as agents from "./agents.ts"
import * as tasks from "./tasks.ts"
import * as capture from "./capture.ts"

export * from "./web.ts"
export * from "./page.ts"
export * from "./tabs.ts"
export * from "./workspace.ts"
export * from "./interaction.ts"
export * from "./agents.ts"
export * from "./tasks.ts"
export * from "./capture.ts"

const groupModules = [web, page, tabs, workspace, interaction, agents, tasks, capture] as const

type ExportOf<M> = M extends unknown ? M[keyof M] : never
export type BuiltinTool = Extract<
  ExportOf<(typeof groupModules)[number]>,
  { readonly name: string; readonly group: ToolGroup; readonly parameters: unknown; readonly errors: unknown }
>

const isDefinition = (value: unknown): value is BuiltinTool =>
  value !== null && typeof value === "object" && "name" in value && "group" in value && "errors" in value

/** Every built-in tool, group by group, each group's in the order its module defines them. */
export const builtinTools: ReadonlyArray<BuiltinTool> = groupModules.flatMap((module) => Object.values(module).filter(isDefinition))

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
