// Loaded into every end-to-end test file's process (package.json's test:e2e, --import).
// node's test runner stops a file that overran --test-timeout with SIGTERM. Playwright answers
// SIGTERM by closing its browsers, but it does not end the process; the file's local servers
// then kept it, and the runner waiting for it, alive until CI's own limit. So the process ends
// soon after: time for the browsers to close and their profiles to go, then process.exit (which
// runs Playwright's exit handler: any browser still open is killed).
const GRACE_MS = 5_000
for (const signal of /** @type {const} */ (["SIGTERM", "SIGHUP"]))
  process.once(signal, () => {
    process.exitCode = 1
    setTimeout(() => process.exit(), GRACE_MS).unref()
  })
