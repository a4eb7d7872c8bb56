/**
 * The stored settings object as plain data: its key, its version, how an older one is brought to
 * this one and how a patch merges into it. Apart from the schema (settings.ts), so the service
 * worker reads and writes the settings without Effect Schema (it decodes them with the generated
 * decoder, schemas/sw-contracts.decoders.ts).
 */
export const SETTINGS_KEY = "settings"
/** 2: `confirmations.opfs_delete` is gone (opfs_delete asks no more: the trash keeps what it removes). */
export const SETTINGS_VERSION = 2

/**
 * Stored settings of an older version, brought to this one; everything that reads the stored
 * object decodes what this returns. Anything that is not a settings object is returned as it is
 * (decoding then says what is wrong with it).
 */
export const migrateSettings = (stored: unknown): unknown => {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return stored
  const settings = stored as Record<string, unknown>
  if (settings.version !== undefined && settings.version !== 1) return stored
  const { confirmations, ...rest } = settings
  if (typeof confirmations !== "object" || confirmations === null || Array.isArray(confirmations))
    return { ...rest, ...(confirmations === undefined ? {} : { confirmations }), version: SETTINGS_VERSION }
  const { opfs_delete: _gone, ...kept } = confirmations as Record<string, unknown>
  return { ...rest, confirmations: kept, version: SETTINGS_VERSION }
}

/**
 * Merges a patch into stored settings: nested plain objects key by key, arrays and values
 * replaced, and `null` removes an optional setting (messages between contexts drop `undefined`).
 */
export const mergeSettings = (current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete out[key]
      continue
    }
    const prev = out[key]
    out[key] = isPlainObject(value) && isPlainObject(prev) ? mergeSettings(prev, value) : value
  }
  return out
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
