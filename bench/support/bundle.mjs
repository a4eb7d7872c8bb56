// One module of source in, one minified ES module out, for benches that run code in a worker.
import * as esbuild from "esbuild"

/** `contents` bundled from the repository's root; `options` adds esbuild options (loader, plugins, target). */
export const bundle = async (contents, { loader = "js", ...options } = {}) =>
  (
    await esbuild.build({
      stdin: { contents, resolveDir: process.cwd(), loader },
      bundle: true,
      minify: true,
      format: "esm",
      write: false,
      logLevel: "error",
      ...options,
    })
  ).outputFiles[0].text
