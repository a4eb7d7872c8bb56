/**
 * `n` paragraphs of article-like prose about `topic`, numbered from `first` so that a test can name
 * each one ("Body paragraph 2:") and go on numbering a story split across boxes.
 */
export const prose = (topic: string, n: number, first = 1): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>${topic} paragraph ${i + first}: a long sentence, with commas and a full stop, that reads like the body of a real article would read.</p>`,
  ).join("")
