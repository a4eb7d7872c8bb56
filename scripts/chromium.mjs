// The browser the tests, the console and the benchmarks drive, and how they load the extension.

/** CHROMIUM_PATH, by default Debian's Chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/**
 * Flags for an automated Chromium: background networking, component updates, sync and QUIC are
 * off, as they reach hosts that a closed network refuses. The unit tests' browser uses them as
 * they are (web-test-runner.config.mjs).
 */
export const automationArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
]

/**
 * The same, with the unpacked extension at `dist` loaded.
 * @param {string} dist
 * @returns {string[]}
 */
export const extensionLaunchArgs = (dist) => [`--disable-extensions-except=${dist}`, `--load-extension=${dist}`, ...automationArgs]
