/** A text field's value from FormData, trimmed; a file (never expected here) reads as empty. */
export const formText = (value: FormDataEntryValue | null): string => (typeof value === "string" ? value.trim() : "")
