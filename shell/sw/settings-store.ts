/**
 * Reads and writes the settings in `chrome.storage.local`. Only the service worker's router
 * uses this module, so every context sees one validated copy through one door.
 */
import { InvalidInput, type ToolError } from "../../schemas/errors.ts"
import { SETTINGS_CHANGED_KIND } from "../../schemas/router-kinds.ts"
import type { Settings } from "../../schemas/settings.ts"
import { mergeSettings, migrateSettings, SETTINGS_KEY } from "../../schemas/settings-stored.ts"
import { Settings as decode } from "../../schemas/sw-contracts.decoders.ts"
import { unmaskPatch, type DroppedKey } from "./secrets.ts"
import { countCodec } from "../../schemas/codec-count.ts"

/**
 * The stored settings, once any update under way is done and the offscreen document told: whoever
 * reads the new value here, the offscreen document's cache no longer holds the old one (a job
 * started right after the options page saved a field took the field's old value).
 */
export const readSettings = async (): Promise<Settings> => {
  await applying
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY]
  countCodec("serviceWorker:settings.read")
  const read = decode(migrateSettings(stored ?? {}))
  // A stored value that no longer decodes (hand-edited, older build) falls back to defaults
  // key by key rather than locking the user out of the extension.
  return read.ok ? read.value : defaults()
}

const defaults = (): Settings => {
  const decoded = decode({})
  if (!decoded.ok) throw new Error(`The settings' defaults do not decode: ${decoded.issues.map((l) => l.message).join("; ")}`)
  return decoded.value
}

type UpdateOutcome = { ok: true; value: Settings; droppedKeys: ReadonlyArray<DroppedKey> } | { ok: false; error: ToolError }

/** The update being applied now: the next one starts from what it wrote, and a read waits for it. */
let applying: Promise<unknown> = Promise.resolve()

/**
 * Applies a patch to the stored settings. Updates are applied one after another: each reads,
 * merges and writes, and two at once (the options page saves each field as it is left, and the
 * consent worker may add a site meanwhile) would both start from the same stored value, the
 * second write losing the first one's change.
 */
export const updateSettings = (patch: unknown): Promise<UpdateOutcome> => {
  const run = applying.then(async () => {
    const outcome = await applyUpdate(patch)
    // The offscreen document's cache is dropped before the update counts as done.
    if (outcome.ok) await notifySettingsChanged()
    return outcome
  })
  applying = run.catch(() => undefined)
  return run
}

const applyUpdate = async (patch: unknown): Promise<UpdateOutcome> => {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) {
    return { ok: false, error: new InvalidInput({ tool: "settings.update", message: "the patch must be an object of settings to change" }) }
  }
  const current = migrateSettings((await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY] ?? {}) as Record<string, unknown>
  const unmasked = unmaskPatch(patch as Record<string, unknown>, current)
  const merged = mergeSettings(current, unmasked.patch)
  countCodec("serviceWorker:settings.update")
  const decoded = decode(merged, { onExcessProperty: "error" })
  if (!decoded.ok) {
    const lines = decoded.issues
    return {
      ok: false,
      error: new InvalidInput({
        tool: "settings.update",
        message: lines.map((l) => `${l.path || "settings"}: ${l.message}`).join("; ") || "invalid settings",
        ...(lines[0]?.path ? { parameter: lines[0].path } : {}),
      }),
    }
  }
  // Encoding the settings gives back what decoding gave (their only transformations are defaults,
  // which encode as they are: test/unit/decoder-plans.test.ts checks it), so that is what is stored.
  await chrome.storage.local.set({ [SETTINGS_KEY]: decoded.value })
  return { ok: true, value: decoded.value, droppedKeys: unmasked.dropped }
}

/**
 * Tells the offscreen document (the only listener) that the stored settings changed, so it drops
 * its cache; resolves once it has, or at once when there is no offscreen document.
 */
export const notifySettingsChanged = async (): Promise<void> => {
  await chrome.runtime.sendMessage({ kind: SETTINGS_CHANGED_KIND }).catch(() => undefined)
}
