/**
 * The version of each stored format, in a module of its own: the workers that write them import
 * the number without the schema library.
 */
export const CONVERSATION_FORMAT_VERSION = 1
