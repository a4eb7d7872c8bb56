/**
 * The research jobs of this document: started, listed (so a page that opens late sees them) and
 * stopped by id. A finished job stays listed until more than `KEEP_FINISHED` have finished after it.
 */
import type { ResearchState } from "../../../schemas/events.ts"
import type { Outcome } from "../../../schemas/errors.ts"
import { DEFAULT_BUDGET, DEFAULT_RESEARCHERS, MAX_RESEARCHERS, ResearchJob, type ResearchBudget, type ResearchHost } from "./job.ts"

const KEEP_FINISHED = 20

export interface StartResearch {
  readonly jobId?: string
  readonly question: string
  readonly researchers?: number
  readonly conversationId?: string
  readonly budget?: Partial<ResearchBudget>
  readonly language?: string
}

export class ResearchJobs {
  private readonly jobs = new Map<string, ResearchJob>()
  private readonly ends = new Map<string, Promise<unknown>>()

  constructor(private readonly host: ResearchHost) {}

  /** Starts a job and answers at once with its id; its states follow as events. */
  start(request: StartResearch): Outcome<{ readonly jobId: string }> {
    const jobId = request.jobId ?? crypto.randomUUID()
    if (this.jobs.has(jobId)) return { ok: false, error: { code: "busy", message: `A research job ${jobId} exists already.` } }
    const job = new ResearchJob(
      {
        jobId,
        question: request.question.trim(),
        researchers: Math.min(MAX_RESEARCHERS, Math.max(1, request.researchers ?? DEFAULT_RESEARCHERS)),
        ...(request.conversationId ? { conversationId: request.conversationId } : {}),
        budget: { ...DEFAULT_BUDGET, ...request.budget },
        ...(request.language ? { language: request.language } : {}),
      },
      this.host,
    )
    this.jobs.set(jobId, job)
    const end = job.run().then(() => this.prune())
    this.ends.set(jobId, end)
    void end.finally(() => this.ends.delete(jobId))
    return { ok: true, value: { jobId } }
  }

  stop(jobId: string): boolean {
    const job = this.jobs.get(jobId)
    job?.stop("user")
    return job !== undefined
  }

  /** Stops the jobs working for a conversation and resolves once each has finished. */
  async stopFor(conversationId: string): Promise<void> {
    const ending: Array<Promise<unknown>> = []
    for (const [id, job] of this.jobs) {
      const { conversationId: of, phase } = job.snapshot()
      if (of !== conversationId || phase === "finished") continue
      job.stop("user")
      ending.push(this.ends.get(id) ?? Promise.resolve())
    }
    await Promise.all(ending)
  }

  list(): ResearchState[] {
    return [...this.jobs.values()].map((job) => job.snapshot())
  }

  private prune(): void {
    const finished = [...this.jobs.entries()].filter(([, job]) => job.snapshot().phase === "finished")
    for (const [id] of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.jobs.delete(id)
  }
}
