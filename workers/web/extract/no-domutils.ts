/**
 * Stands in, in the workers' bundle (build.mjs, `linkedomModules`), for domutils, which css-select
 * spreads whole into its default adapter (with dom-serializer and entities' encoder: 11 KB): that
 * adapter walks htmlparser2's own node objects, and linkedom, the one caller of css-select here,
 * always passes its adapter for its own nodes (linkedom/esm/shared/matches.js), so the default is
 * never used. A query without an adapter would fail loudly on the missing functions.
 */
export {}
