/** Comlink's own UMD build as text (esbuild's text loader): the sandbox's script worker runs it from a blob. */
declare module "comlink/dist/umd/comlink.min.js" {
  const source: string
  export default source
}
