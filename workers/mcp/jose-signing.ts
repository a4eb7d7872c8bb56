/**
 * What the MCP SDK's private_key_jwt client authentication (`createPrivateKeyJwtAuth`) uses of
 * jose, which it loads as a whole namespace (`await import("jose")`): build.mjs gives it this
 * module instead, so the on-demand chunk holds key import and JWT signing, not all of jose
 * (verification, encryption, JWKS fetching).
 */
export { importJWK, importPKCS8 } from "jose/key/import"
export { SignJWT } from "jose/jwt/sign"
