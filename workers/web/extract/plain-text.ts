/**
 * Markdown back to plain text: the words a reader sees, without markup, link targets or images.
 * The extraction benchmark scores this text, so what it measures is exactly what web_fetch says.
 */
export const markdownToText = (markdown: string): string =>
  markdown
    .replace(/^[ \t]*(`{3,}|~{3,}).*$/gm, "")
    .replace(/!\[(?:\\.|[^\]\\])*\]\([^)]*\)/g, "")
    // a link opens at an unescaped "[" and holds none: "\[Reuters\] said [here](…)" is text, then a link
    .replace(/(?<!\\)\[((?:\\.|[^\]\\[])*)\]\([^)]*\)/g, "$1")
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, "")
    .replace(/^[ \t]*>[ \t]?/gm, "")
    .replace(/^[ \t]*(?:[-+*]|\d+\.)[ \t]+/gm, "")
    .replace(/^\|(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*$\n?/gm, "")
    .replace(/^[ \t]*(?:-{3,}|\*{3,})[ \t]*$/gm, "")
    .replace(/^\|[ \t]?(.*?)[ \t]?\|$/gm, (_row, cells: string) =>
      cells
        .split(/[ \t]\|[ \t]/)
        .map((c) => c.trim())
        .join(" "),
    )
    .replace(/(\*\*|~~|\*|`+)/g, "")
    .replace(/\\([\\`*_[\]<>#+\-.|=~])/g, "$1")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
