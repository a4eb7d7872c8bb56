/** The page declares the language it is shown in (the build writes `lang="en"`), so screen readers and hyphenation follow it. */
export const speakUiLanguage = (): void => {
  const language = chrome.i18n?.getUILanguage?.()
  if (language) document.documentElement.lang = language
}
