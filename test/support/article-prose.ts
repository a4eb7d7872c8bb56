/** `n` paragraphs of article-like prose about `topic`, numbered so that a test can name each one ("Body paragraph 2:"). */
export const prose = (topic: string, n: number): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>${topic} paragraph ${i + 1}: a long sentence, with commas and a full stop, that reads like the body of a real article would read.</p>`,
  ).join("")
