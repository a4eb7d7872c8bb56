/**
 * A site's reprint terms under its stories, as Russian, Ukrainian and Polish news sites print them:
 * "При использовании материалов гиперссылка на … обязательна", "Перепечатка только с письменного
 * разрешения редакции", "Все права на материалы … охраняются в соответствии с законодательством
 * РФ", "При використанні матеріалів посилання на … обов'язкове", "Kopiowanie materiałów bez zgody
 * redakcji zabronione". The site's small print, not the story's words, and often longer than a
 * legal line (`edges.ts` `LEGAL`), with none of the marks (©, "all rights reserved") it reads.
 * Read as a legal line at the content's tail only (`cutTailLegal`): a story on copyright may say as much.
 */
import { fold, folded } from "./fold.ts"

/** a few words between two parts of a phrase */
const GAP = String.raw`(?:\S+\s+){0,8}?`
/** using, quoting, reprinting or copying the site's materials (ru, uk, pl), as the notice opens its condition */
const USE = String.raw`(?:использовани|цитировани|перепечатк|републикаци|воспроизведени|копировани|распространени|використанн|цитуванн|передрук|копіюванн|відтворенн|kopiowani|przedruk|powielani|rozpowszechniani|wykorzystywani|wykorzystani)\S*\s+${GAP}(?:материал|текст|публикаци|новост|информаци|матеріал|публікаці|інформаці|materiał|treści|tekst|artykuł|zdjęć)`
/** what the notice asks of who uses them: a link, the editors' leave, or it forbids */
const TERMS = String.raw`(?:гипер)?ссылк\S*\s+${GAP}обязательн|обязательн\S*\s+${GAP}(?:гипер)?ссылк|(?:только|лишь)\s+с\s+${GAP}(?:разрешени|согласи)|без\s+${GAP}(?:разрешени|согласи)\S*\s+${GAP}(?:запрещ|не\s+допуска)|допускается\s+${GAP}при\s+условии|(?:гіпер)?посилання\s+${GAP}обов.?язков|обов.?язков\S*\s+${GAP}(?:гіпер)?посилання|(?:лише|тільки)\s+з\s+${GAP}(?:дозвол|згод)|bez\s+${GAP}(?:zgody|zezwoleni)|(?:wyłącznie|tylko)\s+za\s+${GAP}(?:zgod|zezwoleni)|zabronion`
/** or it claims the rights to the site's materials */
const RIGHTS = String.raw`права\s+на\s+${GAP}(?:материал|публикаци|текст|контент|матеріал|публікаці)\S*\s+${GAP}(?:охраняются|защищены|принадлежат|охороняються|захищені|належать)|является\s+${GAP}интеллектуальной\s+собственностью|prawa\s+do\s+${GAP}(?:materiał|treści|tekst)\S*\s+${GAP}(?:zastrzeżon|należą)`

const USES = folded(new RegExp(USE, "iu"))
const ASKS = folded(new RegExp(TERMS, "iu"))
const CLAIMS = folded(new RegExp(RIGHTS, "iu"))

/** Whether `text` sets the site's terms for reprinting its materials, or claims the rights to them. */
export const isReprintNotice = (text: string): boolean => {
  const words = fold(text)
  return CLAIMS.test(words) || (USES.test(words) && ASKS.test(words))
}
