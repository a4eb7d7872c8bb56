// The browser the tests, the console and the benchmarks drive, and how they load the extension.

/** CHROMIUM_PATH, by default Debian's Chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/**
 * Flags for an automated Chromium with the unpacked extension at `dist`. Background networking,
 * component updates, sync and QUIC are off: they reach hosts that a closed network refuses.
 * @param {string} dist
 * @returns {string[]}
 */
export const extensionLaunchArgs = (dist) => [
  `--disable-extensions-except=${dist}`,
  `--load-extension=${dist}`,
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
]
