/**
 * The version of each stored format, in a module of its own: the workers that write them import
 * the number without the schema library.
 */
/** 2: messages may belong to an older branch (`superseded`), after an edit or a regenerated answer. */
export const CONVERSATION_FORMAT_VERSION = 2
