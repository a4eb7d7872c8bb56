/**
 * A call to follow the site or its writer on a social network, as the story's last line puts it
 * when `PROMO` (edges.ts) does not read it: the writer named ("Follow Powell on Twitter at …",
 * "Follow Richard on Twitter"), the call after a short lead ("For NDTV Updates, follow us on
 * Twitter or join us on Facebook"), or the writer's handle alone ("Twitter: @janethejourno").
 * English, as `PROMO`, and Chinese: the reader asked to like, follow or subscribe to "our" page,
 * fan page, microblog or public account ("快點到Facebook Like我們的專頁！", "欢迎关注我们的微信公众号").
 * A story that tells of following someone on a network names them in a sentence that does not
 * open with the call; a Chinese story does not speak of "our page" to its reader.
 */
const NETWORK = "(?:twitter|facebook|instagram|linkedin|youtube|tiktok|threads|bluesky|mastodon|google\\+)"
/** "Follow Powell on Twitter", "Follow Mary Smith on Facebook": a call that opens its sentence */
const FOLLOW_NAMED = new RegExp(`(?:^|[.!?]\\s+)follow (?:[\\p{L}.'’-]+ ){1,3}on ${NETWORK}\\b`, "iu")
/** "For NDTV updates, follow us on …", "To stay informed, subscribe to …": a lead of a few words, a comma, the call */
const LED_CALL = /^[^.!?,]{3,30},\s+(?:follow (?:us|him|her|me|them)|subscribe|sign up|join (?:us|our))\b/i
/** "Like 我們的專頁", "关注我们的微博": to like, follow, subscribe to or join our page on a network */
const WIDE_CALL =
  /(?:like|讚好|赞好|按讚|按赞|关注|關注|追蹤|追踪|订阅|訂閱|加入)\s*我[们們]的\s*(?:facebook|fb|twitter|instagram|youtube|line|微博|微信|公众号|公眾號|专页|專頁|粉丝团|粉絲團|粉丝页|粉絲頁|频道|頻道)/i
/**
 * "We're on Facebook", "Find us on Twitter", "Like us on Facebook", "Jesteśmy też na Facebooku",
 * "Мы ВКонтакте", "Мы в Facebook", "Ми у Facebook", "Wir sind auch auf Facebook", "Nous sommes sur
 * Facebook", "Nalazimo se na Facebooku": the site telling where it is, not a story telling of
 * someone who is (a story names who, and seldom speaks as "we" to its reader). The network's
 * name in its inflected forms (Polish "na Facebooku", Russian "в Твиттере").
 */
const ON_NETWORK = new RegExp(
  "(?:^[\\s[(]*|[.!?|]\\s*)(?:we(?:['’]re| are) (?:also |now )?on|find us on|be a fan of (?:[\\p{L}.'’-]+ ){1,4}on|like us on|join us on|jesteśmy (?:też |także |również |teraz )?na|znajdziesz nas na|polub nas na|(?:мы|ми)(?= вконтакте)|мы (?:теперь |также |тоже )?(?:в|во|на)|ми (?:тепер |також )?(?:у|в|на)|wir sind (?:jetzt |auch )?(?:bei|auf)|nous sommes (?:aussi )?sur|estamos en|siamo su|nalazimo se na|pronađite nas na) (?:facebook\\w*|twitter\\w*|instagram\\w*|youtube|telegram\\w*|вконтакте|vkontakte|одноклассниках|фейсбуке|facebook|твиттере|телеграме|telegram|инстаграме|інстаграмі|фейсбуці)(?![\\p{L}])",
  "iu",
)
/** the writer's handle on a line of its own */
const HANDLE = new RegExp(`^${NETWORK}\\s*:?\\s*@[\\w.]+$`, "i")

/** Whether a short block calls on the reader to follow the site or its writer on a social network. */
export const isSocialCall = (text: string): boolean => {
  const line = text.trim()
  return FOLLOW_NAMED.test(line) || LED_CALL.test(line) || HANDLE.test(line) || WIDE_CALL.test(line) || ON_NETWORK.test(line)
}
