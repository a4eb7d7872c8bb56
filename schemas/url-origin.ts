/** A URL's origin, or the text itself when it is no URL (a server's address as the user typed it). */
export const originOf = (url: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}
