// Transformations of a development page that keep its article but change what an extractor may
// lean on, for `npm run bench:extraction -- --perturb`: a page of another site has other class
// names, other wrappers, its article cut in other places and its boilerplate in other places.
// Each takes the page's HTML and its ground truth (to find where the article is) and returns the
// changed HTML, or undefined when the page offers nothing to change. Deterministic per seed and page.
import { parseHTML } from "linkedom"

/** mulberry32: a small seeded generator, so that a run can be repeated exactly */
const generator = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const hash = (s) => {
  let h = 2166136261
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619)
  return h >>> 0
}

const WORD = /[\p{L}\p{N}_]+/gu
const words = (text) => (text ?? "").toLowerCase().match(WORD) ?? []

const BLOCKS = new Set(
  "address article aside blockquote body center dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody td tfoot th thead tr ul caption".split(
    " ",
  ),
)
/** elements that can be wrapped in a <div> without changing how the text flows */
const WRAPPABLE = new Set(
  "article aside blockquote div figure footer h1 h2 h3 h4 h5 h6 header main nav ol p pre section table ul".split(" "),
)
/** parents whose children a <div> would not sit in as written (lists, tables, paragraphs) */
const NO_DIV_INSIDE = new Set("p ul ol dl table tbody thead tfoot tr h1 h2 h3 h4 h5 h6 pre a span".split(" "))
/** an article container made of these cannot be split into sibling <div>s */
const UNSPLITTABLE = new Set("p ul ol dl table tbody thead tfoot tr li h1 h2 h3 h4 h5 h6 pre blockquote".split(" "))

const tagOf = (el) => el.localName ?? ""
const elementChildren = (el) => Array.from(el.children)

class Page {
  constructor(html, truth, seed, id) {
    this.random = generator(hash(`${seed}:${id}`))
    const { document } = parseHTML(html)
    this.document = document
    this.body = document.body ?? document.documentElement
    this.truth = truth
  }

  pick(xs) {
    return xs[Math.floor(this.random() * xs.length)]
  }

  /** a class-like name without vowels, so that it can spell no word an extractor knows */
  token() {
    const alphabet = "bcdfghjklmnpqrstvwxz0123456789"
    let s = this.pick("bcdfghjklmnpqrstvwxz")
    for (let i = 0; i < 5; i++) s += this.pick(alphabet)
    return s
  }

  element(html) {
    const template = this.document.createElement("div")
    template.innerHTML = html
    return template.firstElementChild
  }

  html() {
    return `<!doctype html>${this.document.documentElement.outerHTML}`
  }

  /**
   * The article's container: the deepest element that holds 80 % of the words of the page's
   * blocks whose text is the ground truth's (4-gram shingles, as score.mjs counts them).
   */
  article() {
    const truthWords = words(this.truth)
    const shingles = new Set()
    for (let i = 0; i + 4 <= truthWords.length; i++) shingles.add(truthWords.slice(i, i + 4).join(" "))
    const weight = new Map()
    const visit = (el) => {
      let own = ""
      let total = 0
      for (let child = el.firstChild; child !== null; child = child.nextSibling) {
        if (child.nodeType === 3) own += child.data
        else if (child.nodeType === 1) {
          if (BLOCKS.has(tagOf(child))) total += visit(child)
          else own += child.textContent ?? ""
        }
      }
      const w = words(own)
      if (w.length >= 4) {
        let hits = 0
        for (let i = 0; i + 4 <= w.length; i++) if (shingles.has(w.slice(i, i + 4).join(" "))) hits++
        if (hits * 2 >= w.length - 3) total += w.length
      }
      weight.set(el, total)
      return total
    }
    const all = visit(this.body)
    if (all === 0) return undefined
    let container = this.body
    for (;;) {
      const next = elementChildren(container).find((child) => (weight.get(child) ?? 0) >= all * 0.8)
      if (next === undefined) break
      container = next
    }
    return { container, weight }
  }

  /** a headline of a story the page does not tell */
  headline() {
    const who = [
      "Regional lawmakers",
      "The city council",
      "Researchers",
      "A startup",
      "Local farmers",
      "The central bank",
      "Two rival teams",
      "Museum curators",
    ]
    const did = ["approve", "push back on", "unveil", "question", "celebrate", "delay", "rethink", "sign off on"]
    const what = [
      "a new transit plan",
      "the budget for schools",
      "a decade-old policy",
      "plans for a stadium",
      "the river clean-up",
      "a cheaper vaccine",
      "the harbour project",
    ]
    return `${this.pick(who)} ${this.pick(did)} ${this.pick(what)}`
  }

  /** a teaser's summary: it reads as prose, as real ones do */
  summary() {
    const day = this.pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])
    return `Officials said on ${day} that the ${this.pick(["plan", "deal", "project", "proposal"])} would go ahead, though critics, who have fought it for years, say the costs are still unclear.`
  }

  link(text) {
    return `<a href="https://other.example/${this.token()}">${text}</a>`
  }

  /** a block of boilerplate of one of the kinds pages put around and inside articles; `kinds` limits the choice */
  boilerplate(kinds = ["share", "newsletter", "related", "cards", "ad"]) {
    const c = () => this.token()
    switch (this.pick(kinds)) {
      case "share":
        return this.element(
          `<div class="${c()}"><span>${this.pick(["Share this article", "Share", "Spread the word"])}</span><ul class="${c()}">${["Facebook", "Twitter", "LinkedIn", "Email", "Copy link"].map((s) => `<li>${this.link(s)}</li>`).join("")}</ul></div>`,
        )
      case "newsletter":
        return this.element(
          `<div class="${c()}"><h4>${this.pick(["The Morning Briefing", "Get the best of the week", "Stay informed"])}</h4>` +
            `<p>${this.pick([
              "Our editors pick the stories you need to know, delivered every weekday morning, free.",
              "The day's most important stories, handpicked by our editors and sent to you each evening.",
            ])}</p>${this.link(this.pick(["Sign up", "Subscribe now", "Join for free"]))}</div>`,
        )
      case "related":
        return this.element(
          `<div class="${c()}"><h3>${this.pick(["More on this story", "Read next", "Elsewhere on the site", "Top picks for you", "Continue exploring"])}</h3>` +
            `<ul class="${c()}">${Array.from({ length: 4 }, () => `<li>${this.link(this.headline())}</li>`).join("")}</ul></div>`,
        )
      case "cards": {
        const card = c()
        return this.element(
          `<div class="${c()}">${Array.from({ length: 3 }, () => `<div class="${card}">${this.link(`<h4>${this.headline()}</h4>`)}<p>${this.summary()}</p></div>`).join("")}</div>`,
        )
      }
      default:
        return this.element(
          `<div class="${c()}"><span>${this.pick(["Advertisement", "Sponsored", "Ad"])}</span>${this.link(`<img src="https://ads.example/${c()}.jpg" alt="">`)}</div>`,
        )
    }
  }
}

/** Every class and id name is replaced by a meaningless token (the same name by the same token). */
const rename = (page) => {
  const names = new Map()
  const tokenOf = (name) => {
    if (!names.has(name)) names.set(name, page.token())
    return names.get(name)
  }
  let changed = 0
  for (const el of page.body.querySelectorAll("[class], [id]")) {
    const cls = el.getAttribute("class")
    if (cls !== null) el.setAttribute("class", cls.split(/\s+/).filter(Boolean).map(tokenOf).join(" "))
    const id = el.getAttribute("id")
    if (id !== null) el.setAttribute("id", tokenOf(id))
    changed++
  }
  // the page's own style sheets name the same classes and ids: renamed with them, so that what a
  // rule hid (a tooltip, a pop-up's text) stays hidden, as it would on a site with other names
  for (const style of page.document.querySelectorAll("style")) {
    const css = style.textContent ?? ""
    const renamed = css.replace(/([.#])(-?[_a-zA-Z][\w-]*)/g, (whole, mark, name) => (names.has(name) ? mark + names.get(name) : whole))
    if (renamed !== css) style.textContent = renamed
  }
  return changed > 0
}

/**
 * A quarter of the <div>s that hold only blocks are replaced by their children, then a quarter of
 * the blocks are wrapped in one or two <div>s (half of them with a class).
 */
const rewrap = (page) => {
  let changed = 0
  for (const div of Array.from(page.body.querySelectorAll("div"))) {
    const onlyBlocks = Array.from(div.childNodes).every(
      (n) => (n.nodeType === 3 && n.data.trim() === "") || (n.nodeType === 1 && BLOCKS.has(tagOf(n))),
    )
    if (!onlyBlocks || page.random() >= 0.25 || div.parentElement === null) continue
    div.replaceWith(...Array.from(div.childNodes))
    changed++
  }
  for (const el of Array.from(page.body.querySelectorAll("*"))) {
    const parent = el.parentElement
    if (!WRAPPABLE.has(tagOf(el)) || parent === null || NO_DIV_INSIDE.has(tagOf(parent)) || page.random() >= 0.25) continue
    let outer = el
    for (let depth = page.random() < 0.5 ? 1 : 2; depth > 0; depth--) {
      const wrapper = page.document.createElement("div")
      if (page.random() < 0.5) wrapper.setAttribute("class", page.token())
      outer.replaceWith(wrapper)
      wrapper.append(outer)
      outer = wrapper
    }
    changed++
  }
  return changed > 0
}

/**
 * The article container's children cut into `count(bearing)` runs of about equal text weight, when
 * at least `minBearing` of them bear text; undefined for a page whose article cannot be cut.
 */
const cutArticle = (page, minBearing, count) => {
  const found = page.article()
  if (found === undefined || UNSPLITTABLE.has(tagOf(found.container))) return undefined
  const { container, weight } = found
  const children = Array.from(container.childNodes)
  const total = children.reduce((sum, n) => sum + (weight.get(n) ?? 0), 0)
  const bearing = children.filter((n) => (weight.get(n) ?? 0) > 0).length
  if (bearing < minBearing) return undefined
  const parts = [[]]
  const wanted = count(bearing)
  let seen = 0
  for (const n of children) {
    parts.at(-1).push(n)
    seen += weight.get(n) ?? 0
    if (parts.length < wanted && seen >= (total * parts.length) / wanted) parts.push([])
  }
  return { parts, weight }
}

/**
 * The article's container is cut into three parts by its words, each part in its own one or two
 * <div>s of one class, with an ad, a related-links list or a row of teaser cards between parts:
 * the shape of a story that a template interrupts (the held-out pages that lost most of their text).
 */
const split = (page) => {
  const cut = cutArticle(page, 2, () => 3)
  if (cut === undefined) return false
  const { parts, weight } = cut
  const shape = page.token()
  const depth = page.random() < 0.5 ? 1 : 2
  const filled = parts.filter((part) => part.some((n) => (weight.get(n) ?? 0) > 0))
  if (filled.length < 2) return false
  parts.forEach((part, i) => {
    if (part.length === 0) return
    let outer = page.document.createElement("div")
    outer.setAttribute("class", shape)
    const inner = outer
    for (let d = 1; d < depth; d++) {
      const wrapper = page.document.createElement("div")
      wrapper.append(outer)
      outer = wrapper
    }
    part[0].before(outer)
    inner.append(...part)
    if (i < parts.length - 1 && parts[i + 1].length > 0) outer.after(page.boilerplate(["ad", "related", "cards"]))
  })
  return true
}

/** The article container's element children that bear its text; undefined where there are none to put things between. */
const textBearingBlocks = (page) => {
  const found = page.article()
  if (found === undefined || UNSPLITTABLE.has(tagOf(found.container))) return undefined
  const { container, weight } = found
  const bearing = elementChildren(container).filter((el) => (weight.get(el) ?? 0) > 0)
  return bearing.length === 0 ? undefined : bearing
}

/**
 * Boilerplate moved into the article's container: a share bar after its first block of text, one
 * more block in the middle, and a newsletter box or related links at its end.
 */
const inside = (page) => {
  const bearing = textBearingBlocks(page)
  if (bearing === undefined) return false
  bearing[0].after(page.boilerplate(["share"]))
  if (bearing.length >= 3) bearing[Math.floor(bearing.length / 2)].after(page.boilerplate())
  bearing.at(-1).after(page.boilerplate(["newsletter", "related", "cards"]))
  return true
}

/**
 * The article's container is cut into four to six parts, each in its own chain of one to three
 * <div>s whose class names differ from part to part, with an ad, a related list, teaser cards or a
 * share bar between: a story (or a digest) whose template gives each block its own wrapper, so
 * that no part looks like another (the held-out pages that kept one block of several).
 */
const scatter = (page) => {
  const cut = cutArticle(page, 4, (bearing) => Math.min(bearing, 4 + Math.floor(page.random() * 3)))
  if (cut === undefined) return false
  const { parts, weight } = cut
  if (parts.filter((part) => part.some((n) => (weight.get(n) ?? 0) > 0)).length < 3) return false
  parts.forEach((part, i) => {
    if (part.length === 0) return
    let outer = page.document.createElement("div")
    if (page.random() < 0.8) outer.setAttribute("class", page.token())
    const inner = outer
    for (let d = 1 + Math.floor(page.random() * 3); d > 1; d--) {
      const wrapper = page.document.createElement("div")
      if (page.random() < 0.5) wrapper.setAttribute("class", page.token())
      wrapper.append(outer)
      outer = wrapper
    }
    part[0].before(outer)
    inner.append(...part)
    if (i < parts.length - 1 && parts[i + 1].length > 0) outer.after(page.boilerplate(["ad", "related", "cards", "share"]))
  })
  return true
}

/** Boilerplate as French, German, Spanish, Italian, Portuguese and Dutch templates word it (none uses the word "newsletter"). */
const FOREIGN = [
  {
    by: "Par Marie Dupont",
    share: "Partager cet article",
    box: [
      "L'essentiel du matin",
      "Chaque matin, les informations qui comptent, choisies par la rédaction et envoyées gratuitement.",
      "Je m'inscris",
    ],
    related: "À lire aussi",
    also: "Lire aussi :",
    ad: "Publicité",
  },
  {
    by: "Von Thomas Becker",
    share: "Artikel teilen",
    box: [
      "Der Morgen-Überblick",
      "Jeden Morgen das Wichtigste aus der Redaktion, kostenlos und kompakt für Sie zusammengestellt.",
      "Jetzt anmelden",
    ],
    related: "Das könnte Sie auch interessieren",
    also: "Lesen Sie auch:",
    ad: "Anzeige",
  },
  {
    by: "Por Lucía Fernández",
    share: "Compartir en redes",
    box: [
      "Lo esencial de la mañana",
      "Cada mañana, las noticias que importan, elegidas por la redacción y enviadas gratis a tu correo.",
      "Suscríbete gratis",
    ],
    related: "Te puede interesar",
    also: "Lee también:",
    ad: "Publicidad",
  },
  {
    by: "Di Giulia Romano",
    share: "Condividi l'articolo",
    box: [
      "Il buongiorno della redazione",
      "Ogni mattina le notizie che contano, scelte dalla redazione e inviate gratuitamente alla tua casella.",
      "Iscriviti ora",
    ],
    related: "Potrebbe interessarti anche",
    also: "Leggi anche:",
    ad: "Pubblicità",
  },
  {
    by: "Por João Silva",
    share: "Compartilhe esta notícia",
    box: [
      "O essencial da manhã",
      "Todas as manhãs, as notícias que importam, escolhidas pela redação e enviadas de graça para você.",
      "Cadastre-se",
    ],
    related: "Leia também",
    also: "Veja também:",
    ad: "Publicidade",
  },
  {
    by: "Door Sanne de Vries",
    share: "Deel dit artikel",
    box: [
      "Het ochtendoverzicht",
      "Elke ochtend het belangrijkste nieuws, gekozen door de redactie en gratis in je mailbox bezorgd.",
      "Meld je aan",
    ],
    related: "Meer over dit onderwerp",
    also: "Lees ook:",
    ad: "Advertentie",
  },
]

/**
 * Boilerplate worded in another language put inside the article's container: a byline before its
 * first block, a share bar after it, a "read also" line and a related list in the middle, a
 * newsletter box at its end (a page whose template is not English).
 */
const foreign = (page) => {
  const bearing = textBearingBlocks(page)
  if (bearing === undefined) return false
  const words = page.pick(FOREIGN)
  const c = () => page.token()
  const social = ["Facebook", "X", "LinkedIn", "WhatsApp", "E-mail"]
  bearing[0].before(page.element(`<div class="${c()}"><span>${words.by}</span></div>`))
  bearing[0].after(
    page.element(
      `<div class="${c()}"><span>${words.share}</span><ul class="${c()}">${social.map((s) => `<li>${page.link(s)}</li>`).join("")}</ul></div>`,
    ),
  )
  if (bearing.length >= 3) {
    const middle = bearing[Math.floor(bearing.length / 2)]
    middle.after(
      page.element(
        `<div class="${c()}"><h3>${words.related}</h3><ul class="${c()}">${Array.from({ length: 4 }, () => `<li>${page.link(page.headline())}</li>`).join("")}</ul></div>`,
      ),
    )
    middle.after(page.element(`<p><strong>${words.also}</strong> ${page.link(page.headline())}</p>`))
  }
  const [heading, text, action] = words.box
  bearing.at(-1).after(page.element(`<div class="${c()}"><h4>${heading}</h4><p>${text}</p>${page.link(action)}</div>`))
  bearing
    .at(-1)
    .after(
      page.element(`<div class="${c()}"><span>${words.ad}</span>${page.link(`<img src="https://ads.example/${c()}.jpg" alt="">`)}</div>`),
    )
  return true
}

/**
 * Furniture names and a comment policy as French, German, Spanish, Italian, Portuguese and Dutch
 * templates write them (the names real pages use, whether or not the extractor knows them: Dutch
 * templates name a share bar "delen").
 */
const NAMED = [
  {
    names: {
      comments: "commentaires",
      related: "articles-similaires",
      share: "partage",
      ad: "publicite",
      subscribe: "abonnement",
      popular: "les-plus-lus",
    },
    section: ["commentaires", "bloc-commentaires", "espace-commentaires"],
    policy: [
      "Réagissez à cet article",
      "Les commentaires publiés sont sous la seule responsabilité de leurs auteurs, et la rédaction se réserve le droit de supprimer tout message contraire à la charte.",
      "Pour commenter, vous devez être connecté à votre compte ; l'inscription est gratuite et ne prend que quelques instants.",
    ],
  },
  {
    names: {
      comments: "kommentare",
      related: "verwandte-artikel",
      share: "teilen",
      ad: "werbung",
      subscribe: "abonnieren",
      popular: "meistgelesen",
    },
    section: ["kommentare", "leserkommentare", "kommentarbereich"],
    policy: [
      "Diskutieren Sie mit",
      "Bitte beachten Sie unsere Regeln: Beiträge, die beleidigen, werben oder vom Thema abweichen, werden von der Redaktion ohne Rückmeldung gelöscht.",
      "Um einen Beitrag zu schreiben, melden Sie sich bitte mit Ihrem Konto an, oder registrieren Sie sich kostenlos in wenigen Schritten.",
    ],
  },
  {
    names: {
      comments: "comentarios",
      related: "relacionados",
      share: "compartir",
      ad: "publicidad",
      subscribe: "suscripcion",
      popular: "mas-leidas",
    },
    section: ["comentarios", "seccion-comentarios", "caja-comentarios"],
    policy: [
      "Enviá tu comentario",
      "Los comentarios publicados son de exclusiva responsabilidad de sus autores, y quien incluya en sus mensajes algo contrario al reglamento será inhabilitado.",
      "Para poder comentar tenés que ingresar con tu usuario; el registro es gratuito y lleva apenas unos minutos.",
    ],
  },
  {
    names: {
      comments: "commenti",
      related: "correlati",
      share: "condividi",
      ad: "pubblicita",
      subscribe: "iscriviti",
      popular: "piu-letti",
    },
    section: ["commenti", "box-commenti"],
    policy: [
      "Partecipa alla discussione",
      "I commenti pubblicati sono di esclusiva responsabilità dei loro autori, e la redazione si riserva di rimuovere i messaggi contrari al regolamento.",
      "Per commentare devi accedere con il tuo account; la registrazione è gratuita e richiede solo pochi istanti.",
    ],
  },
  {
    names: {
      comments: "comentarios",
      related: "relacionadas",
      share: "compartilhar",
      ad: "publicidade",
      subscribe: "inscreva-se",
      popular: "mais-lidas",
    },
    section: ["comentarios", "box-comentarios", "area-comentarios"],
    policy: [
      "Deixe seu comentário",
      "Os comentários publicados são de responsabilidade exclusiva de seus autores, e a redação se reserva o direito de remover mensagens que violem as regras.",
      "Para comentar, é preciso entrar com a sua conta; o cadastro é gratuito e leva poucos minutos.",
    ],
  },
  {
    names: {
      comments: "reacties",
      related: "gerelateerd",
      share: "delen",
      ad: "reclame",
      subscribe: "inschrijven",
      popular: "meest-gelezen",
    },
    section: ["reacties", "reacties-blok"],
    policy: [
      "Praat mee",
      "Wij waarderen uw reactie, maar reacties die beledigend zijn, reclame maken of niet over het onderwerp gaan, worden door de redactie verwijderd.",
      "Om te reageren moet u ingelogd zijn met uw account, of u kunt zich gratis aanmelden in een paar eenvoudige stappen.",
    ],
  },
]
/** the English furniture words in class and id names, and which of a language's names replaces each */
const ENGLISH_NAMES = [
  [/comments?/g, "comments"],
  [/related|recommend(?:ed|ations?)?/g, "related"],
  [/shar(?:e|ing)/g, "share"],
  [/advert(?:isement|ising)?s?|(?<=^|[-_])ads?(?=$|[-_])/g, "ad"],
  [/newsletter|subscri(?:be|ption)?/g, "subscribe"],
  [/popular|most-?read/g, "popular"],
]

/**
 * A page of a template in another language: the English furniture words in its class and id names
 * (comments, related, share, ads, newsletter, popular) in that language, and a comment section
 * named in it after the article's container, a policy in two sentences of prose and a call to log
 * in (the shape of a Spanish news page that kept its comment policy).
 */
const named = (page) => {
  const found = page.article()
  if (found === undefined || found.container === page.body) return false
  const language = page.pick(NAMED)
  const translate = (name) => ENGLISH_NAMES.reduce((n, [english, kind]) => n.replace(english, language.names[kind]), name)
  for (const el of page.body.querySelectorAll("[class], [id]")) {
    const cls = el.getAttribute("class")
    if (cls !== null) el.setAttribute("class", cls.split(/\s+/).filter(Boolean).map(translate).join(" "))
    const id = el.getAttribute("id")
    if (id !== null) el.setAttribute("id", translate(id))
  }
  const [heading, policy, login] = language.policy
  found.container.after(
    page.element(
      `<section class="${page.pick(language.section)}"><h3>${heading}</h3><div class="${page.token()}"><p>${policy}</p><p>${login}</p></div><div class="${page.token()}"></div></section>`,
    ),
  )
  return true
}

/**
 * Hover cards: in up to three of the article's paragraphs, a card (a name, a sentence about the
 * person, a follower count) after a link or at the paragraph's end, that a <style> rule hides
 * until the pointer is on the link or the paragraph. Its text is in the HTML; no reader sees it.
 */
const hover = (page) => {
  const found = page.article()
  if (found === undefined) return false
  const { container, weight } = found
  const paragraphs = Array.from(container.querySelectorAll("p")).filter((p) => (weight.get(p) ?? 0) > 0)
  if (paragraphs.length === 0) return false
  const card = page.token()
  const trigger = page.token()
  const people = [
    ["Ana Ruiz", "is a marine biologist at the coastal institute, where she has studied reef recovery for more than a decade."],
    ["Tom Okafor", "writes about energy markets and the politics of climate policy, and hosts a weekly podcast on both."],
    ["Mei Lin", "is a data journalist who previously covered technology and privacy for a national broadcaster."],
  ]
  const chosen = paragraphs.filter(() => page.random() < 0.5).slice(0, 3)
  if (chosen.length === 0) chosen.push(paragraphs[0])
  chosen.forEach((p, i) => {
    const [name, about] = people[i % people.length]
    const box = page.element(
      `<span class="${card}"><strong>${name}</strong> <span>${name} ${about}</span> <span>${10 + i}.4k followers</span></span>`,
    )
    const link = p.querySelector("a")
    if (link !== null) link.append(box)
    else p.append(box)
    ;(link ?? p).classList.add(trigger)
  })
  const style = page.document.createElement("style")
  style.textContent = `.${card}{display:none;position:absolute;z-index:10}.${trigger}:hover .${card}{display:block}`
  ;(page.document.head ?? page.body).append(style)
  return true
}

/**
 * A digest: the article's paragraphs become items of two to four sections, each item a <div> of
 * one class whose first words are a link to its source (the way digests and newsletters credit
 * what they sum up), with an ad between sections. Its items look like teaser cards, and no run of
 * them holds most of the page (the held-out digest that lost most of its text).
 */
const digest = (page) => {
  const paragraphs = textBearingBlocks(page)?.filter((el) => tagOf(el) === "p") ?? []
  if (paragraphs.length < 6) return false
  const item = page.token()
  const section = page.token()
  const count = Math.min(Math.floor(paragraphs.length / 3), 2 + Math.floor(page.random() * 3))
  const size = Math.ceil(paragraphs.length / count)
  for (let s = 0; s < count; s++) {
    const members = paragraphs.slice(s * size, (s + 1) * size)
    if (members.length === 0) continue
    const box = page.document.createElement("div")
    box.setAttribute("class", section)
    members[0].before(box)
    for (const p of members) {
      const wrapper = page.document.createElement("div")
      wrapper.setAttribute("class", item)
      box.append(wrapper)
      wrapper.append(p)
      // the first words become the link to the item's source
      const first = p.firstChild
      if (first === null || first.nodeType !== 3) continue
      const match = /^(\s*\S+(?:\s+\S+){1,3})/.exec(first.data)
      if (match === null) continue
      const link = page.document.createElement("a")
      link.setAttribute("href", `https://source.example/${page.token()}`)
      link.textContent = match[1]
      first.data = first.data.slice(match[1].length)
      p.insertBefore(link, first)
    }
    if (s < count - 1) box.after(page.boilerplate(["ad"]))
  }
  return true
}

/**
 * A row of five teaser cards right after the article's container, as a news template prints its
 * "other columns": each card's class names carry its position and an id ("card card-3 c1227272"),
 * and its heading holds a kicker before the linked headline, so that neither the class string nor
 * the heading's link alone says that the cards are alike teasers (a held-out opinion page kept them).
 */
const numbered = (page) => {
  const found = page.article()
  if (found === undefined || found.container === page.body) return false
  const base = page.token()
  const kickers = ["Editorial", "Wave of change", "Own backyard", "True liberal", "Analysis"]
  const cards = Array.from({ length: 5 }, (_, i) => {
    const id = 1000000 + Math.floor(page.random() * 9000000)
    return (
      `<div class="${base} ${base}-${i + 1} pos-${i + 1} id${id}"><h4><strong>${kickers[i]}</strong> ${page.link(page.headline())}</h4>` +
      `${page.link(`<img src="https://img.example/${id}.jpg" alt="">`)}<p><em>${page.pick(["JANE ROE", "TOM ELLIS", "SUSIE OWEN"])}</em> ${page.summary()}</p></div>`
    )
  }).join("")
  found.container.after(
    page.element(
      `<div class="${page.token()}"><h2>${page.pick(["Other columns", "Opinion", "From the section"])}</h2><div>${cards}</div></div>`,
    ),
  )
  return true
}

/**
 * The article's text after its first two blocks is moved into a "read more" box (a link that opens
 * it, an ad, then the rest of the story), as mobile templates collapse a story: the box's name
 * says furniture while it holds most of the article (a held-out story that kept its first lines only).
 */
const collapsed = (page) => {
  const bearing = textBearingBlocks(page)
  if (bearing === undefined || bearing.length < 4) return false
  const name = page.pick(["read-more", "readmore", "read-more-container", "article-read-more"])
  const box = page.element(
    `<div class="${name}"><div class="${name}-link"><a href="#">Read more</a></div>` +
      `<div class="${page.token()}"><span>Advertisement</span>${page.link(`<img src="https://ads.example/${page.token()}.jpg" alt="">`)}</div>` +
      `<div class="${name}-content"></div></div>`,
  )
  const rest = bearing.slice(2)
  const first = rest[0]
  const last = rest.at(-1)
  // everything from the third text-bearing block to the last moves into the box, in order
  const moved = []
  for (let n = first; n !== null; n = n.nextSibling) {
    moved.push(n)
    if (n === last) break
  }
  first.before(box)
  box.lastElementChild.append(...moved)
  return true
}

/**
 * A changelog: the article's paragraphs become the items of lists (one list per run of
 * paragraphs), every item naming its subject in its first two words before a link: in every
 * third item the link holds most of the rest ("gero <a>removed the windowtype attribute from
 * dialogs where…</a> anymore"), in the others two words. Weekly engineering notes credit who did
 * what this way, and their link-dense items are the article (a held-out weekly digest lost them).
 */
const changelog = (page) => {
  const paragraphs = textBearingBlocks(page)?.filter((el) => tagOf(el) === "p") ?? []
  if (paragraphs.length < 4) return false
  let list = null
  paragraphs.forEach((p, i) => {
    if (list === null || p.previousElementSibling !== list) {
      list = page.document.createElement("ul")
      p.before(list)
    }
    const item = page.document.createElement("li")
    list.append(item)
    item.append(...Array.from(p.childNodes))
    p.remove()
    const first = item.firstChild
    if (first === null || first.nodeType !== 3) return
    const words = first.data.split(/(\s+)/)
    // words[0], words[2] are the subject; the link starts at words[4]
    const linked = i % 3 === 0 ? Math.floor(words.length * 0.4) * 2 : 4
    if (words.length < 4 + linked) return
    const link = page.document.createElement("a")
    link.setAttribute("href", `https://bugs.example/${page.token()}`)
    link.textContent = words.slice(4, 4 + linked).join("")
    first.data = words.slice(0, 4).join("")
    first.after(link, page.document.createTextNode(words.slice(4 + linked).join("")))
  })
  return true
}

/** All at once: the article cut and filled with boilerplate, then rewrapped and renamed. */
const all = (page) => {
  const changed = [split(page), inside(page), rewrap(page), rename(page)]
  return changed.some(Boolean)
}

export const PERTURBATIONS = {
  rename: { run: rename, about: "class and id names replaced by random tokens, in the page's style sheets too" },
  rewrap: { run: rewrap, about: "wrapper <div>s removed and inserted" },
  split: { run: split, about: "article cut in 3 sibling containers, ads/related/cards between" },
  inside: { run: inside, about: "share bar, boilerplate and newsletter/related inside the article" },
  all: { run: all, about: "split + inside + rewrap + rename" },
  scatter: { run: scatter, about: "article cut in 4-6 parts, each wrapped differently, furniture between" },
  foreign: { run: foreign, about: "byline, share, related, read-also, ad, newsletter box in another language" },
  named: { run: named, about: "furniture named in another language, a comment policy after the article" },
  digest: { run: digest, about: "paragraphs as link-led items in 2-4 sections, ads between" },
  hover: { run: hover, about: "hover cards inside paragraphs, hidden by a <style> rule" },
  numbered: { run: numbered, about: "5 teaser cards after the article, numbered classes, kicker in the heading" },
  collapsed: { run: collapsed, about: "article after its 2nd block inside a read-more box, ad before it" },
  changelog: { run: changelog, about: "paragraphs as list items, each but its first two words a link" },
}

/** The page after the named transformation, or undefined when it has nothing to change. */
export const perturb = (name, html, truth, seed, id) => {
  const page = new Page(html, truth, seed, id)
  return PERTURBATIONS[name].run(page) ? page.html() : undefined
}
