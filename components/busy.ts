/** What a card or a settings form does while an action the user started is under way. */

/**
 * Runs `work` with `host.busy` true meanwhile, so the host disables its buttons and the user
 * starts one action at a time; what it fails with goes to `failed`, which shows it.
 */
export const whileBusy = async (
  host: { busy: boolean },
  work: () => Promise<unknown>,
  failed: (error: unknown) => unknown,
): Promise<void> => {
  host.busy = true
  try {
    await work()
  } catch (error) {
    await failed(error)
  } finally {
    host.busy = false
  }
}
