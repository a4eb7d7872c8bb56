// linkedom's ES modules as the web worker ships them, for every bundle of the extractor (build.mjs, the
// extraction bench): parse5's tokenizer in place of htmlparser2 (workers/web/extract/linkedom-parser.ts, as the
// unit tests' server does), no CSS parser and no domutils (workers/web/extract/no-*.ts say why). Paths are from
// the repository's root, esbuild's working directory.
export const linkedomModules = {
  htmlparser2: "./workers/web/extract/linkedom-parser.ts",
  "cssomnom/parse": "./workers/web/extract/no-style-sheets.ts",
  domutils: "./workers/web/extract/no-domutils.ts",
}
