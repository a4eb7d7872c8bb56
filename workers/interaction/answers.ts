/** What counts as an answer to a question: free text, one of the options, or several. */
export interface Question {
  readonly question: string
  readonly options?: ReadonlyArray<string>
  readonly multiple: boolean
}

export type Answer = string | ReadonlyArray<string>

export const checkAnswer = (question: Question, answer: unknown): { ok: true; answer: Answer } | { ok: false; message: string } => {
  const { options, multiple } = question
  if (multiple && options) {
    if (!Array.isArray(answer) || !answer.every((a) => typeof a === "string")) {
      return { ok: false, message: `This question takes several choices: answer with an array of options from ${JSON.stringify(options)}.` }
    }
    const unknown = answer.filter((a) => !options.includes(a))
    if (unknown.length)
      return { ok: false, message: `Not among the options: ${JSON.stringify(unknown)}. The options are ${JSON.stringify(options)}.` }
    return { ok: true, answer: [...new Set(answer as string[])] }
  }
  if (typeof answer !== "string")
    return { ok: false, message: options ? `Answer with one of the options ${JSON.stringify(options)}.` : "Answer with text." }
  if (options && !options.includes(answer))
    return { ok: false, message: `"${answer}" is not one of the options ${JSON.stringify(options)}.` }
  return { ok: true, answer }
}
