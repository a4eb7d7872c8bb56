/**
 * What lies between the parts that gathering joins is taken out (ads, link lists), but a block of
 * prose there that scores above zero is the story's own: a paragraph whose links kept it from
 * passing as plain prose, too short to join as a part by itself ("…all the food we eat is directly
 * or indirectly derived from <a>plants</a>…" between two runs of a page's paragraphs). Pruning
 * then judges it as any block of the root, so it is not removed before. A box with a heading
 * between the parts is another story's teaser ("Today's Top Stories"), and furniture is furniture.
 */
import type { Measure } from "./article.ts"

export const isProseBetween = (child: Element, m: Measure | undefined, furniture: boolean): boolean =>
  m !== undefined && m.prose > 0 && m.open > 0 && !furniture && child.querySelector("h1, h2, h3, h4, h5, h6") === null
