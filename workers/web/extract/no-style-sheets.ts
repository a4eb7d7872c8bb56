/**
 * Stands in, in the workers' bundle (build.mjs, `linkedomModules`), for the CSS parser that
 * linkedom calls when a `<style>` element's `sheet` is read: nothing in the web worker reads it
 * (the extractors read markup and text), and that parser with its property tables is 194 KB of
 * the 342 KB that linkedom's pre-bundled build costs. Reading `sheet` anyway fails loudly.
 */
export const parse = (): never => {
  throw new Error("style sheets are not parsed in the workers' build: read the <style> element's text (build.mjs)")
}
