/**
 * Words read as people write them, with their accents or without. Greek drops its accents in
 * capitals ("ΔΙΑΒΑΣΤΕ ΕΠΙΣΗΣ" for "Διαβάστε επίσης", "ΣΧΟΛΙΑ" for "Σχόλια"), and headings, labels
 * and menus are often typed in capitals; French capitals often drop theirs too ("A LIRE AUSSI"),
 * and Polish or Croatian are at times typed without their letters' marks. A lexicon written with
 * its accents, matched case-blind, still missed such text: "Ά" is not "Α". The lexicons that name
 * furniture in words are folded, and the text they are tested on: decomposed (NFD), its combining
 * marks taken out. A precomposed letter folds to one letter, so offsets in folded text stay those
 * of the text where it was written composed (NFC), as the web writes it.
 */
const MARKS = /\p{M}/gu

/** `text` without accents and other combining marks. */
export const fold = (text: string): string => text.normalize("NFD").replace(MARKS, "")

/** `re` with the accents of its letters folded, to be tested on folded text. */
export const folded = (re: RegExp): RegExp => new RegExp(fold(re.source), re.flags)
