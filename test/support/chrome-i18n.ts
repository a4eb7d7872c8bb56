/** A locale's messages.json and chrome.i18n.getMessage over it, as the unit tests stand them in for chrome.i18n outside an extension page. */
export { getMessage, type Messages } from "../../shell/hub/research/words.ts"
