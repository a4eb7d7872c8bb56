/**
 * The word lists that decide what is cut, read in the languages after English (Session 21): each
 * case is a small page in that language whose furniture the English list alone left in.
 */
import { expect } from "chai"
import { extractFromHtml } from "./index.ts"
import { expectCut, expectJudged } from "./line-rules.testing.ts"
import { isPrintNote } from "./tail-stamp.ts"
import { isStamp } from "./stamps.ts"
import { isPager } from "./pager.ts"
import { isPaywallPrompt } from "./notice.ts"
import { DATED } from "./signed.ts"
import { endsSentence } from "./sentence.ts"

const paragraphs = (sentences: readonly string[]): string => sentences.map((s) => `<p>${s}</p>`).join("")

const SPANISH = paragraphs([
  "El macrocaso abrirá tres líneas de investigación sobre los ataques contra la población civil, según el borrador del auto al que tuvo acceso este diario.",
  "La hipótesis es que estos crímenes se cometieron como una manera de control territorial, en medio de combates o en contextos urbanos de varias regiones.",
  "La primera categoría retoma hallazgos de la jurisdicción en el caso de secuestro, donde se concluyó que las guerrillas escogieron a sus víctimas por su dinero.",
  "Los magistrados esperan recibir los informes de las víctimas antes de fin de año, cuando comenzarán las primeras versiones voluntarias de los comparecientes.",
])
const GERMAN = paragraphs([
  "Der Stadtrat hat am Montag nach langer Debatte den Haushalt für das kommende Jahr beschlossen, mit deutlich mehr Geld für Schulen und die neue Bibliothek.",
  "Die Opposition kritisierte vor allem die geplanten Kürzungen beim Nahverkehr, die nach ihren Angaben vor allem die Außenbezirke der Stadt treffen würden.",
  "Der Bürgermeister verteidigte den Entwurf und verwies auf die gestiegenen Kosten für Energie, die alle Städte und Gemeinden im Land gleichermaßen belasten.",
  "Über die Einzelheiten der Finanzierung soll der Ausschuss in seiner nächsten Sitzung im Januar beraten, bevor die Bürger ihre Einwände vorbringen können.",
])
const RUSSIAN = paragraphs([
  "Городской совет в понедельник после долгих обсуждений утвердил бюджет на следующий год, выделив больше денег на школы и новую библиотеку в центре.",
  "Оппозиция раскритиковала планируемые сокращения расходов на общественный транспорт, которые, по её словам, прежде всего ударят по жителям окраин.",
  "Мэр защитил проект и указал на выросшие расходы на энергию, которые одинаково ложатся на все города и посёлки региона в этом году.",
  "Подробности финансирования комитет обсудит на следующем заседании в январе, прежде чем жители смогут высказать свои возражения и предложения.",
])
const POLISH = paragraphs([
  "Rada miasta po długiej debacie przyjęła w poniedziałek budżet na przyszły rok, przeznaczając więcej pieniędzy na szkoły i nową bibliotekę w centrum.",
  "Opozycja skrytykowała planowane cięcia w komunikacji miejskiej, które według niej uderzą przede wszystkim w mieszkańców dzielnic na obrzeżach miasta.",
  "Prezydent miasta bronił projektu, wskazując na wyższe koszty energii, które w tym roku tak samo obciążają wszystkie gminy w całym województwie.",
  "Szczegóły finansowania komisja omówi na kolejnym posiedzeniu w styczniu, zanim mieszkańcy będą mogli zgłaszać swoje uwagi i własne propozycje.",
])
const CROATIAN = paragraphs([
  "Gradsko vijeće u ponedjeljak je nakon duge rasprave usvojilo proračun za iduću godinu, s više novca za škole i novu knjižnicu u središtu grada.",
  "Oporba je kritizirala planirana smanjenja za javni prijevoz, koja će prema njezinim riječima ponajprije pogoditi stanovnike rubnih dijelova grada.",
  "Gradonačelnik je branio prijedlog i upozorio na veće troškove energije, koji ove godine jednako opterećuju sve gradove i općine u cijeloj županiji.",
  "O pojedinostima financiranja odbor će raspravljati na sljedećoj sjednici u siječnju, prije nego što građani budu mogli iznijeti svoje primjedbe.",
])
const GREEK = paragraphs([
  "Το δημοτικό συμβούλιο ενέκρινε τη Δευτέρα, μετά από μακρά συζήτηση, τον προϋπολογισμό του επόμενου έτους, με περισσότερα χρήματα για τα σχολεία.",
  "Η αντιπολίτευση επέκρινε τις προγραμματισμένες περικοπές στις συγκοινωνίες, οι οποίες κατά την ίδια θα πλήξουν κυρίως τους κατοίκους των προαστίων.",
  "Ο δήμαρχος υπερασπίστηκε το σχέδιο και επικαλέστηκε το αυξημένο κόστος της ενέργειας, που βαραίνει φέτος όλους τους δήμους της περιφέρειας.",
  "Τις λεπτομέρειες της χρηματοδότησης θα συζητήσει η επιτροπή στην επόμενη συνεδρίασή της τον Ιανουάριο, πριν από τη δημόσια διαβούλευση.",
])
const page = (content: string): string => `<html><body><div class="entry">${content}</div></body></html>`

describe("the word lists in other languages", () => {
  it("cut a 'read also' label before a link of its own line (es, de, ru)", () => {
    // as templates set them: every paragraph of one class, the label in bold inside the story
    const styled = (content: string): string => page(content.replaceAll("<p>", '<p class="standard">'))
    const es = `<p>Le puede interesar: <a href="/judicial/macrocasos">JEP abrirá tres nuevos macrocasos: Farc y fuerza pública</a></p>`
    expectCut(styled(SPANISH.replace("</p>", `</p>${es}`)), "La primera categoría", "fuerza pública")
    const de = `<p><em><strong>Auch lesen: </strong></em><a href="/horoskop/sternzeichen">Diese 3 Sternzeichen verschenken ihr Herz an den Falschen</a></p>`
    expectCut(styled(GERMAN.replace("</p>", `</p>${de}`)), "Über die Einzelheiten", "Sternzeichen")
    const ru = `<p><b>Читайте также:</b> <a href="/news/2020/metro">Линию метро продлят до аэропорта к концу следующего года</a></p>`
    expectCut(styled(RUSSIAN.replace("</p>", `</p>${ru}`)), "Мэр защитил проект", "Линию метро")
  })

  it("cut a 'related notes' or 'you may be interested' heading with the teasers after it (es, pl)", () => {
    const teasers = (lang: string): string =>
      `<div class="columns">${[1, 2]
        .map(
          (i) =>
            `<div class="column"><article><a href="/${lang}/${i}"><img src="/${i}.jpg" alt="Foto"></a><a href="/${lang}/${i}"><h3>Titular ${lang} ${i}</h3></a><p>El Gobierno anunció este martes nuevas medidas para contener el ataque informático, según informó el ministerio en un comunicado.</p></article></div>`,
        )
        .join("")}</div>`
    expectCut(page(`${SPANISH}<section><h2>NOTAS RELACIONADAS</h2>${teasers("es")}</section>`), "Los magistrados", "NOTAS RELACIONADAS")
    expectCut(
      page(`${POLISH}<section><h2>Może cię też zainteresować</h2>${teasers("pl")}</section>`),
      "Szczegóły finansowania",
      "zainteresować",
    )
  })

  it("cut a call to follow the site at the content's end (es, hr, ru), not the verb inside the story", () => {
    expectCut(page(`${SPANISH}<p>Síguenos en Telegram, Instagram, Facebook y Twitter.</p>`), "Los magistrados", "Telegram")
    expectCut(page(`${CROATIAN}<p>Pratite nas na Facebooku i Instagramu!</p>`), "O pojedinostima", "Facebooku")
    expectCut(page(`${RUSSIAN}<p>Подписывайтесь на наш канал в Telegram.</p>`), "Подробности финансирования", "наш канал")
    expectCut(page(`${GREEK}<p>Ακολουθήστε το Example.gr στο Google News.</p>`), "Τις λεπτομέρειες", "Google News")
    const { markdown } = extractFromHtml(page(`${CROATIAN}<p>Navijači su rekli da će pratite nas značiti više.</p>`))
    expect(markdown).to.contain("pratite nas značiti")
  })

  it("read a meta bar's words as whole words: a short line that only holds them inside longer words stays (de)", () => {
    const standfirst = "<p>Die Stadt will morgen mitteilen, wie es weitergeht.</p>"
    expectCut(page(`<div class="bar"><span>Drucken</span> | <span>Teilen</span></div>${GERMAN}`), "Der Stadtrat", "Drucken")
    const { markdown } = extractFromHtml(page(`${standfirst}${GERMAN}`))
    expect(markdown).to.contain("morgen mitteilen")
    expectCut(page(`<div class="bar"><span>Imprimer</span> | <span>Partager</span></div>${GERMAN}`), "Der Stadtrat", "Imprimer")
  })

  it("cut a footer's imprint and privacy lines (de, pl)", () => {
    expectCut(page(`${GERMAN}<p>Impressum | Datenschutzerklärung | Kontakt</p>`), "Über die Einzelheiten", "Impressum")
    const pl = "<p>Korzystanie z portalu oznacza akceptację regulaminu i polityki prywatności.</p>"
    expectCut(page(`${POLISH}${pl}`), "Szczegóły finansowania", "polityki prywatności")
  })

  it("read stamps, pagers and dates as those languages write them", () => {
    expectJudged(
      isStamp,
      ["Erstellt am Dienstag 6. Mai 2014", "Stand: 03.04.2020, 14:00 Uhr", "Дата публикации: 12.03.2020", "Data publikacji: 5.10.2019"],
      ["Stand 3 der Messe zeigt 2020 neue Räder und viel mehr als das, was wir erwartet hatten bei dieser Messe."],
    )
    expectJudged(
      isPager,
      ["« Предыдущий | Следующий »", "Προηγούμενο άρθρο | Επόμενο άρθρο", "Σελίδα 2 από 5", "← Poprzedni wpis | Następny wpis →"],
      ["Следующий шаг — новый бюджет.", "Το επόμενο βήμα είναι ο προϋπολογισμός."],
    )
    expectJudged(
      (text) => DATED.test(text),
      ["12 de marzo de 2020", "1er mars 2020", "3 maggio 2021, 10h", "Objavljeno: 06. kolovoz 2020."],
      ["marzo 2020", "12 de los 2020"],
    )
  })

  it("cut a comment section under its heading as themes translate it (ru, pl, de)", () => {
    const comments = `<div><p>Иван, 12.03.2020</p><p>Наконец-то! Давно пора было заняться библиотекой.</p></div>`
    expectCut(page(`${RUSSIAN}<h3>5 комментариев</h3>${comments}`), "Подробности финансирования", "Наконец-то")
    const readers = `<div><p>Anna, 5 października 2019</p><p>Wreszcie ktoś pomyślał o bibliotece.</p></div>`
    expectCut(page(`${POLISH}<h3>Komentarze czytelników (4)</h3>${readers}`), "Szczegóły finansowania", "Wreszcie")
    const form = `<form><textarea name="comment"></textarea><p>Twój komentarz będzie widoczny po zatwierdzeniu.</p></form>`
    expectCut(page(`${POLISH}<h3>Dodaj komentarz</h3>${form}`), "Szczegóły finansowania", "Twój komentarz")
    const reply = `<p>Deine E-Mail-Adresse wird nicht veröffentlicht. Erforderliche Felder sind markiert.</p>`
    expectCut(page(`${GERMAN}<h3>Schreibe einen Kommentar</h3>${reply}`), "Über die Einzelheiten", "E-Mail-Adresse")
  })

  it("read a paywall's prompt in German, Polish, Russian, Greek, and cut it from the content", () => {
    expectJudged(
      isPaywallPrompt,
      [
        "Dieser Artikel ist nur für Abonnenten verfügbar.",
        "Bereits Abonnent? Hier anmelden",
        "Ten artykuł jest dostępny tylko dla subskrybentów.",
        "Материал доступен только подписчикам",
        "Είστε ήδη συνδρομητής; Συνδεθείτε",
        "Cet article est réservé aux abonnés.",
      ],
      ["Die Zeitung hat 20 000 Abonnenten.", "Газета потеряла подписчиков."],
    )
    const prompt = `<div class="x9"><p>Dieser Artikel ist nur für Abonnenten verfügbar. Jetzt für 1 € testen.</p></div>`
    expectCut(page(`${GERMAN}${prompt}`), "Über die Einzelheiten", "nur für Abonnenten")
  })

  it("cut a box of ads labelled by an image in German, and a 'more' link in Croatian and Greek", () => {
    const ads = `<table><tr><td><img src="/a.gif" alt="Anzeige"></td></tr><tr><td><a href="https://ads.example/1">Günstige Kredite</a><br>Jetzt vergleichen und sparen.</td></tr></table>`
    expectCut(page(`${GERMAN}${ads}`), "Über die Einzelheiten", "Günstige Kredite")
    expectCut(page(`${CROATIAN.replace("</p>", ' <a href="/vijesti/1">Saznaj više</a></p>')}`), "O pojedinostima", "Saznaj više")
    expectCut(page(`${GREEK.replace("</p>", ' <a href="/news/1">Περισσότερα</a></p>')}`), "Τις λεπτομέρειες", "Περισσότερα")
  })

  it("cut a post's topic line (de, el)", () => {
    const de = `<p>Themen: <a href="/t/haushalt">Haushalt der Stadt</a>, <a href="/t/verkehr">Nahverkehr</a>, Schulen, Bibliothek</p>`
    expectCut(page(`${GERMAN}${de}`), "Über die Einzelheiten", "Themen:")
    expectCut(
      page(`${GREEK}<p>Θέματα: <a href="/t/1">Προϋπολογισμός του δήμου</a>, <a href="/t/2">Συγκοινωνίες</a>, Σχολεία, Βιβλιοθήκη</p>`),
      "Τις λεπτομέρειες",
      "Θέματα",
    )
  })

  it("end a sentence inside French guillemets set with a no-break space", () => {
    expectJudged(endsSentence, ["Il a répondu\u00a0: «\u00a0C'est fini.\u00a0»", "« Nous verrons bien ! »"], ["« Nous verrons »"])
  })

  it("read a German quotation's closing mark as a sentence's end before the links under a story", () => {
    const story = GERMAN.replace(/<\/?p>/g, "").replace(/\.(?=\S)/g, ".<br><br>")
    const links = [1, 2, 3].map((i) => `<a href="/a/${i}">Meldung ${i}</a> | <a href="/b/${i}">Bericht ${i}</a>`).join("<br>")
    const html = `<html><body><table><tr><td>${story}<br><br>Der Bürgermeister sagte: „Wir bleiben dran.“<br>${links}</td></tr></table></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Wir bleiben dran")
    expect(markdown).not.to.contain("Meldung 2")
  })

  it("cut the prompt to report a typo with Ctrl+Enter under a story, in any language", () => {
    const prompt = "<p>Нашли ошибку? Выделите её мышью и нажмите Ctrl+Enter.</p>"
    expectCut(page(`${RUSSIAN}${prompt}`), "Подробности финансирования", "Ctrl+Enter")
    expectCut(page(`${POLISH}<p>Zauważyłeś błąd? Zaznacz go i naciśnij Ctrl + Enter.</p>`), "Szczegóły finansowania", "Enter")
  })

  it("cut a note of where the story was broadcast or printed, in German and the held-out languages", () => {
    const note = "<p>Über dieses Thema berichtete das Regionalfernsehen am 03. August 2020 um 08:00 Uhr.</p>"
    expectCut(page(`${GERMAN}${note}`), "Über die Einzelheiten", "berichtete das Regionalfernsehen")
    expectJudged(
      isPrintNote,
      [
        "Dieser Artikel erschien in der Printausgabe vom 12. März 2020.",
        "Artykuł ukazał się w wydaniu tygodnika z 5 października 2019.",
        "Статья опубликована в номере от 12 марта 2020 года.",
        "Članak je objavljen u tiskanom izdanju Jutarnjeg lista.",
        "Το άρθρο δημοσιεύθηκε στην έντυπη έκδοση της Κυριακής.",
      ],
      ["Die Zeitung berichtete am Montag über den Haushalt.", "Статья в газете вызвала споры."],
    )
  })

  it("cut a byline named after a colon at the content's start (el, de, ru)", () => {
    expectCut(page(`<p>Γράφει: Νίκος Παπαδόπουλος</p>${GREEK}`), "Το δημοτικό συμβούλιο", "Νίκος Παπαδόπουλος")
    expectCut(page(`<p>Von: Anna Müller</p>${GERMAN}`), "Der Stadtrat", "Anna Müller")
    expectCut(page(`<p>Текст: Иван Петров</p>${RUSSIAN}`), "Городской совет", "Иван Петров")
  })

  it("drop a heading that repeats the page title in capitals without their accents (el)", () => {
    const html = `<html><head><title>Ο δήμαρχος υπερασπίστηκε τον προϋπολογισμό</title></head><body><div class="entry"><h1>Ο ΔΗΜΑΡΧΟΣ ΥΠΕΡΑΣΠΙΣΤΗΚΕ ΤΟΝ ΠΡΟΫΠΟΛΟΓΙΣΜΟ</h1>${GREEK}</div></body></html>`
    const { markdown } = extractFromHtml(html)
    expect(markdown).to.contain("Τις λεπτομέρειες")
    expect(markdown).not.to.contain("ΥΠΕΡΑΣΠΙΣΤΗΚΕ")
  })

  it("cut a box about the writer under its heading as German and Croatian sites word it", () => {
    const de = `<div class="x7"><h3>Zur Autorin</h3><p>Anna Müller schreibt seit 2010 über Stadtpolitik und Verkehr und lebt mit ihrer Familie in Köln.</p></div>`
    expectCut(page(`${GERMAN}${de}`), "Über die Einzelheiten", "seit 2010")
    const hr = `<div class="x7"><h3>O autorici</h3><p>Ana Horvat novinarka je koja od 2010. piše o gradskoj politici i prometu te živi u Zagrebu.</p></div>`
    expectCut(page(`${CROATIAN}${hr}`), "O pojedinostima", "Ana Horvat")
  })
})
