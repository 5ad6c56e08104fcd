"""Claim words in languages the rules do not otherwise read: the words a claim cannot be
written without (a claim, compensation, a deduction, a penalty, arbitration, a court, a
lawyer, contamination, a shortfall, a defect, a loss), for the mail ``readers.language``
finds in a language none of the readers know. The rules cannot check a model that calls
such mail routine; with these words they can tell the mail that may hold a claim, which
goes to a person, from the mail that names none of them (a price inquiry, a shipping
schedule, a greeting), which keeps the model's route. A reading of meaning that only ever
sends mail to a person; in a language without a list here, mail naming an English claim
word or stating a sum of money goes to one (``language.unread_claim_language``).

Stems, matched anywhere in a word (Slavic and Greek words inflect at the end), in the
text folded to lower case with Latin and Greek accents dropped (a sender's "αποζημίωση"
and "αποζημιωση" alike) and look-alike letters read as the rules read them. A stem that
is also the start of common words is matched whole ("суд", the court, and not "судно",
the ship). Pure and linear: one pass of one pattern per language."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from triage.readers.text import fold_for_rules

# Any language, in Latin letters: English claim words a mail in another language quotes.
_ANY = (r"\bclaim", r"\bdebit\s*note", r"\bcredit\s*note", r"compensation", r"arbitrat",
        r"polypropylen", r"contaminat", r"\bshortfall", r"\bshortage", r"\bindemn", r"\brefund",
        r"\bpenalt", r"\bdeduct", r"\bdiscount")

# A difference or a discount alone is no claim word: a statement of account reconciles
# differences ("brak różnic"), Bengali "ছাড়" is a ship's leaving too; a claim for one
# states its sum, which the figures read (``language._figure``).
# Bounded repeats only (\w{0,6}, never \w*): a stem is tried at every position, and an
# unbounded run inside it would read a long word again from each of its letters.
_CYRILLIC = (
    "претензи", "претенці", "претенци", "рекламац", "рекламаці", "компенс", "возмещ",
    "возмест", "відшкод", "обезщет", "ущерб", "збит", "убыт", "неустойк", "штраф", "глоба",
    r"\bпен(?:и|ю|я|ей|ями?)\b", "уценк", "скидк", "знижк", "отстъпк", r"кредит[-\s]{0,2}нот",
    r"кредитн\w{0,3}\s+нот", "дебет", "вычет", "вычт", "удерж", "утрима", "удръж", "арбитраж",
    "арбітраж", r"\bсуд(?:е|ом|у)?\b", "судебн", "судов", r"\bсъд(?:а|ът)?\b", "съдебн",
    r"\bиск\b", r"\bиск(?:а|ом|у)\b", "исков", "позов", "юрист", "адвокат",
    r"\bспор(?:а|у|е|ом)?\b", r"\bспір\b", "загрязн", "забрудн", "замърс", "посторонн",
    "сторонн", "чужд", "полипропилен", "поліпропілен", "пластик", "пластмас", "джут",
    r"\bют(?:а|и)\b", "недовес", "недоваг", "недостач", "нестач", "недостиг", "брак",
    "дефект", "несоответств", r"не\s+соответству", "невідповідн",
    "несъответств", "влажн", "вологіст", "возврат", "повернен", "задержк", "затримк",
    "просроч", "закъснени",
    # Macedonian and Serbian: damages claimed, damaged goods ("надомест на штетата",
    # "накнада штете", "оштетени бали"); not a fee ("надомест за складирање").
    r"(?:надомест|надокнад|накнад)\w{0,3}\s+(?:на\s+)?штет", "оштет",
)
_WEST_SLAVIC = (
    # Polish
    "reklamac", "roszczen", "odszkodow", "rekompens", r"\bzwrot", r"\bkar\w{0,3}\s+umown",
    r"\bkar[aey]\b", "potrac", "obciaz", r"nota\s+kredyt", r"\bkorekt", r"\brabat", "obniz",
    "odmawia", "odmow",
    "arbitra", r"\bsad(?:u|zie|owi|em|y|ow\w{0,4})?\b", "pozew", "pozw", "prawnik", "adwokat",
    "kancelari", "zanieczyszcz", r"\bobc\w{0,4}\s+(?:cial|wlok|material|substanc)",
    "polipropylen", "plastik", r"\bjut(?:a|y|owe\w{0,2})\b", "niedob", "niedowag",
    r"\bmniejsz\w{0,3}\s+niz", r"\bwad(?:a|y|liw\w{0,4}|ami)?\b", "niezgodn",
    "odrzuc", r"\bspor(?:u|ze|em)?\b", r"\bstrat(?:a|y|e|ami)?\b", "szkod", "wilgot",
    "opoznien",
    # Czech and Slovak
    r"\bnarok", "nahrad", "odskodn", "pokut", "srazk", "srazim", "zrazk", "dobropis",
    r"\bslev", r"\bzlav", "arbitraz", "rozhodc", r"\bsoud", r"\bsud\b", "zalob", "pravnik",
    "advokat", "kontaminac", "znecist", r"\bciz\w{0,3}\s+(?:latk|vlak|predmet)",
    "polypropylen", r"\bplast", "manko", r"\bmen\w{0,3}\s+nez",
    r"\bvad(?:a|y|ou|n\w{0,3})?\b", "nesoulad", "nesulad", "neodpovid", r"\bspor(?:u|em)?\b",
    "skod", "ztrat", "vlhkost", "zpozd", "oneskor",
    # Croatian, Slovene, Bosnian
    "reklamacij", "odstet", r"\bstet[aeiu]\b", "naknad", "odvjetnik", "zagad", "manjak",
    # ...damaged, moist, a loss ("oštećene bale", "vlažne", "gubitka vlakna").
    "ostecen", "poskodovan", "vlazn", r"\bvlag[aeiu]\b", r"\bgubit(?:ak|ka|ke|ku|kom)\b",
    r"\bizgub[aeiu]\b",
)
_GREEK = (
    "αξιωσ", "απαιτησ", "απαιτουμε", "αποζημι", "παραπον", r"\bεκπτωσ", "παρακρατ",
    "πιστωτικ", "χρεωστικ", r"\bποιν(?:η|ης|ικ\w{0,4})\b", "ρητρα", r"\bδιαιτ", r"\bδικαστ",
    r"\bαγωγ", "δικηγορ", r"\bνομικ", "μολυνσ", "ρυπανσ", r"\bξεν\w{0,4}\s+(?:υλ|ουσ|ιν|σωμ)",
    "πολυπροπυλ", "πλαστικ", "γιουτα", "ελλειμ", "ελλιπ", r"\bλιγοτερ\w{0,2}\s+απο",
    "ελαττωμ", "απορριψ", "ζημι", "απωλει", "υγρασι", "καθυστερησ",
    "επιστροφ", "μειωσ",
)
# Hindi, Marathi, Nepali (Devanagari; a nukta letter reads as its plain one).
_DEVANAGARI = (
    "दावा", "दावे", "क्लेम", "मुआवज", "क्षतिपूर्ति", "हर्जान", "शिकायत", "तक्रार", "कटौती", "कपात",
    "जुर्मान", "दंड", "लवाद", "मध्यस्थ", "पंचाट", "अदालत", "न्यायालय", "मुकदम", "वकील", "कानूनी",
    "कायदेशीर", "दूषित", "संदूषण", "मिलावट", "पॉलीप्रो", "पोलीप्रो", "प्लास्टिक", "जूट", "ज्यूट",
    "वजन कम", "कम वजन", "वजनात घट", "कमी", "दोष", "खराब", "घटिया", "अस्वीकार", "नाकार",
    "नुकसान", "हानि", "भरपाई", "रिफंड", "डेबिट", "क्रेडिट नोट", "नमी", "देरी",
)
_BENGALI = (
    "দাবি", "ক্লেইম", "ক্লেম", "ক্ষতিপূরণ", "অভিযোগ", "কর্তন", "জরিমানা", "সালিশ", "আদালত",
    "মামলা", "আইনজীবী", "আইনি", "দূষণ", "দূষিত", "পলিপ্রো", "প্লাস্টিক", "পাট", "ঘাটতি",
    "ওজন কম", "কম ওজন", "ত্রুটি", "নিম্নমান", "প্রত্যাখ্যান", "ক্ষতি", "লোকসান", "ডেবিট",
    "ক্রেডিট নোট", "ফেরত", "আর্দ্রতা", "বিলম্ব",
)
# Urdu and Persian (Arabic letters typed for Persian ones read as those: ي ی, ك ک, ہ ه).
_PERSO_ARABIC = (
    "دعویٰ", r"دعوی\b", "دعوے", "کلیم", "ہرجان", "معاوض", "تلافی", "شکایت", "کٹوتی", "جرمان",
    "ثالث", "عدالت", "مقدمہ", "مقدمے", "وکیل", "قانونی", "آلودگی", "آلودہ", "پولی پرو", "پلاسٹک",
    "پٹ سن", "جوٹ", "وزن میں کمی", "کم وزن", r"\bکمی\b", "نقص", "ناقص", "مسترد", "نقصان",
    "ڈیبٹ", "کریڈٹ نوٹ", "واپسی", "نمی", "تاخیر", "رعایت", "مطالبہ",
    "ادعا", "خسارت", "غرامت", "جبران", r"\bکسر", "جریمه", "داوری", "دادگاه", "حقوقی",
    "آلوده", "پلی پروپیلن", "پلیپروپیلن", "پلاستیک", r"\bکنف\b", "کمبود", "معیوب", "مردود",
    "زیان", "ضرر", "استرداد", "بدهکار", "تخفیف", "رطوبت", "مابهالتفاوت", "کمتر از",
)
_DUTCH = (
    "schadevergoed", "schadeclaim", "vergoed", "klacht", "reclamatie", "boete", "verreken",
    "debetnota", "creditnota", r"\bkorting", "arbitrage", "rechtbank", "rechter", "advoca",
    "juridisch", "vervuil", "verontreinig", r"vreemde\s+(?:stof|vezel|materia|voorwerp)",
    "polypropyleen", "plastic", r"\bjute\b", "tekort", "ondergewicht", r"\bminder\s+dan",
    "gebrek", "defect", "afgekeurd", "afkeur", r"\bschade", "verlies", "geschil",
    "vocht", "vertraging", "terugbetal",
)
_NORDIC = (
    "reklamation", "reklamasjon", "ersattning", "erstatning", "skadestand", "kompensation",
    "kompensasjon", "avdrag", "fradrag", r"\bvite\b", "skiljedom", "skiljeforfar", "voldgift",
    "domstol", "tingsratt", "advokat", r"\bjurist", "kontaminer", "fororen", "forurens",
    r"(?:frammande|fremmed\w{0,2})\s+(?:amne|stof|material|lege|fiber|fibr)", "polypropylen",
    r"\bplast", r"\bjute\b", "viktbrist", "undervikt", "mangel", "mangler", "defekt",
    "felaktig", "avvis", "afvis", r"\bskad", "forlust", r"\btvist", "kreditnota", "debetnota",
    r"\bkrav", "kraver", "kræv", "prisnedslag", r"\bafslag", "anspr", "aterbetal", "tilbagebetal",
    "forurene", r"underv\wgt", "fremmedlegem", "fukt", "fugt",
)
_FINNISH = (
    "reklamaatio", "korvau", "korvata", "hyvity", "sopimussakko", r"\bsakko", "valitu",
    "valimies", "tuomioistuin", r"\bkanne", "asianajaja", "lakimies", "kontaminaat", "saastu",
    r"vieras\w{0,4}\s+(?:aine|kuitu|esine)", "polypropeeni", r"\bmuovi", "juutti", "vaje",
    "vajaus", "viallinen", "virheelli", "hylat", "vahing", "menetys", "tappio", r"\briita",
    "vaatimu", "vaadi", "alennus", "vaurio", "palautu", "kosteu",
)
_BALTIC = (
    # Lithuanian, Latvian, Estonian
    "pretenzij", "reklamacij", "kompensacij", r"zalos\s+atlyg", "netesyb", r"\bbaud",
    "arbitraz", r"\bteism", "advokat", "uzterst", "polipropilen", "plastik", "trukum",
    "defekt", r"\bbrok", "nuostol", r"\bginc", "zaudejum", "limgsod", r"\bsoda\s+nauda",
    r"\btiesa", "piesarnoj", "plastmas", "iztrukum", r"\bbojat", r"\bstrid", "pretensioon",
    "reklamatsioon", "huvitis", "trahv", "vahekohus", r"\bkohtu", r"\bkohus", "advokaat",
    r"\bsaast", "polupropuleen", "puudujaak", r"\bpraak", r"\bkahju", "vaidlus",
)
_TURKIC = (
    # Uzbek (Latin and Cyrillic), Azerbaijani, Kazakh
    r"\bda[^a-z\s]vo", "kompensats", "kompensasiya", r"\btovon", r"\bzarar", "jarima",
    r"ushlab\s+qol", "arbitraj", "hakamlik", r"\bsud\b", r"\bsudga", "advokat", "yurist",
    "ifloslan", "polipropilen", "plastik", r"\bjut\b", "kamomad", "nuqson", "yaroqsiz",
    r"\brad\s+et", "shikoyat", "reklamats", r"talab\s+qil", "kamchilik", "namlik",
    "даъво", "зарар", "жарима", "нуқсон", "шикоят",
    r"\biddia", r"t\wzminat", r"c\wrim\w", r"m\wxk\wm\w", r"m\whk\wm\w", r"v\wkil",
    "cirklen", r"cat\wsmaz", r"\bqusur", r"z\wr\wr", r"sikay\wt", "reklamasiya",
    # Kazakh "талап" (a demand), not Kyrgyz "суроо-талап" (an inquiry).
    r"(?<!суроо-)талап", "шағым", "өтемақы", "айыппұл", r"\bсот\b", "залал", "зиян", "ластан",
    "кемшілік", "жетіспе", "наразылық",
)
_TAGALOG = (
    "reklamo", "kabayaran", r"bayad[-\s]?pinsala", "danyos", r"\bmulta", "kaltas", "arbitrasyon",
    r"\bkorte\b", "hukuman", "abogado", "kontaminado", "plastik", r"\bdepekto", "pinsala",
    r"\blugi\b", "tinanggihan", "tinatanggihan", r"kulang\s+(?:ng|sa)\s+timbang", r"\bsira\b",
    r"ibalik\s+(?:\w+\s+){0,2}?(?:bayad|pera)", "halumigmig",
)
# Tamil, Telugu, Gujarati, Punjabi (Gurmukhi), Sinhala.
_SOUTH_ASIAN = (
    "இழப்பீடு", "நஷ்ட ஈடு", "அபராத", "நடுவர்", "நீதிமன்ற", "வழக்கு", "வழக்கறிஞர்", "மாசு",
    "பிளாஸ்டிக்", "சணல்", "எடை குறைவு", "குறைபாடு", "நிராகரி", "இழப்பு", "சேதம்", "புகார்",
    "క్లెయిమ్", "పరిహార", "జరిమానా", "మధ్యవర్తిత్వ", "కోర్టు", "న్యాయస్థాన", "న్యాయవాది",
    "కలుషిత", "ప్లాస్టిక్", "జనపనార", "బరువు తక్కువ", "లోపం", "తిరస్కర", "నష్టం", "ఫిర్యాదు",
    "દાવો", "વળતર", "દંડ", "લવાદ", "કોર્ટ", "અદાલત", "વકીલ", "દૂષિત", "પ્લાસ્ટિક", "વજન ઓછું",
    "ખામી", "નુકસાન", "ફરિયાદ", "કપાત",
    "ਦਾਅਵਾ", "ਮੁਆਵਜ਼ਾ", "ਜੁਰਮਾਨਾ", "ਸਾਲਸੀ", "ਅਦਾਲਤ", "ਵਕੀਲ", "ਦੂਸ਼ਿਤ", "ਪਲਾਸਟਿਕ", "ਨੁਕਸ",
    "ਸ਼ਿਕਾਇਤ", "ਕਟੌਤੀ",
    "හිමිකම්", "වන්දි", "බේරුම්කරණ", "උසාවි", "නීතිඥ", "දූෂිත", "ප්ලාස්ටික්", "හානි", "පාඩු",
    "පැමිණිලි", "අඩුපාඩු",
)
_STEMS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("sv", "da", "no", "nb", "nn", "is", "fo"), _NORDIC),
    "fi": _FINNISH,
    **dict.fromkeys(("lt", "lv", "et"), _BALTIC),
    **dict.fromkeys(("uz", "az", "kk", "ky", "tk"), _TURKIC + _CYRILLIC),
    **dict.fromkeys(("tl",), _TAGALOG),
    **dict.fromkeys(("ta", "te", "gu", "pa", "si"), _SOUTH_ASIAN),
    **dict.fromkeys(("ru", "uk", "bg", "be", "mk", "sr"), _CYRILLIC),
    **dict.fromkeys(("pl", "cs", "sk", "hr", "sl", "bs"), _WEST_SLAVIC),
    "el": _GREEK,
    **dict.fromkeys(("hi", "mr", "ne"), _DEVANAGARI),
    **dict.fromkeys(("bn", "as"), _BENGALI),
    **dict.fromkeys(("ur", "fa", "ps"), _PERSO_ARABIC),
    **dict.fromkeys(("nl", "af"), _DUTCH),
    "ro": ("reclamat", "despagubi", "penalit", "compensa", "ramburs",
           r"\breducer\w{0,3}\s+(?:de\s+)?pret", r"nota\s+de\s+credit", "arbitraj",
           r"\binstant", "avocat", "juridic", "contamina", "impuritat", r"corpuri\s+strain",
           "polipropilen", "plastic", r"\biuta", "lipsa", "deficit",
           r"\bmai\s+putin\s+decat", "defect", "neconform", "respin", "pagub", "pierder",
           "litigi", "umiditat", "intarzier"),
    "hu": ("reklamaci", "karterit", "kartalanit", r"\bkar\b", r"\bkart\b", r"\bkara\b",
           "panasz", "kotber", "levonas", r"\blevon", "arengedm", "jovairas", "valasztottbir",
           "birosag", "perel", "ugyved", r"\bjogi", "szennyez", r"idegen\s+(?:anyag|szal|test)",
           "polipropilen", "muanyag", r"\bjuta", "hiany", r"\bkevesebb", "hibas", r"\bhiba",
           r"nem\s+megfelel", "elutasit", "veszteseg", r"\bvita", "nedvesseg", "keses"),
    "he": ("תביע", "פיצוי", "תלונ", "קנס", "ניכוי", "זיכוי", "בורר", "בית משפט", "משפטי",
           "עורך דין", "זיהום", "פוליפרופילן", "פלסטיק", "יוטה", "חוסר", "פחות מ", "פגם", "פגום",
           "אי התאמה", "נזק", "הפסד", "לחות", "עיכוב", "החזר", "להחזיר", "הנחה"),
    "sw": ("madai", r"\bdai\b", r"\bkudai\b", "fidia", "malalamiko", "faini", "adhabu",
           "usuluhishi", "mahakama", r"\bkesi\b", "wakili", "kisheria", "uchafu", "plastiki",
           "polipropil", "upungufu", r"\bpungufu", "kasoro", "hasara", "marejesho",
           "unyevu", "kuchelewa", "punguzo", r"\brudish"),
}
# Letters a keyboard of a neighbouring language types for the same sound: Arabic yeh,
# alef maksura, kaf and Urdu heh goal are read as the Persian and Arabic forms the stems
# use; nukta (a dot under an Indic letter) is dropped.
_SAME_LETTER = str.maketrans({"ي": "ی", "ى": "ی", "ك": "ک", "ہ": "ه", "ە": "ه",
                              "\u093c": None, "\u09bc": None, "\u0a3c": None, "\u0abc": None})


def _fold(text: str) -> str:
    """Lower case, Latin and Greek accents dropped (the combining marks of U+0300-U+036F
    after NFD; the vowel signs of Indic and Arabic scripts are not accents and stay)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not "\u0300" <= ch <= "\u036f")


@cache
def _canonical_char(ch: str) -> str:
    """One character as the stems are matched: folded, its look-alike letters of other
    scripts folded to Latin as the rules read them (``text.fold_for_rules``: a Cyrillic
    "р" and a Latin "p" are one letter to both), folded again."""
    return _fold(fold_for_rules(_fold(ch))).translate(_SAME_LETTER)


def _canonical(text: str) -> tuple[str, list[int]]:
    """The text as the stems are matched and, for each of its characters, where it came
    from in ``text`` (one character may give none, or several: "ß" is "ss")."""
    pieces, origins = [], []
    for i, ch in enumerate(text):
        folded = _canonical_char(ch)
        pieces.append(folded)
        origins.extend([i] * len(folded))
    return "".join(pieces), origins


@cache
def _pattern(language: str) -> re.Pattern[str]:
    # Regex syntax is ASCII and lower case (no \\W, \\S, \\D: folding would lower them).
    stems = _STEMS.get(language, ())
    return re.compile("|".join(_canonical(stem)[0] for stem in (*stems, *_ANY)))


# A word's letters and marks (not the danda, "।", nor Arabic script's stops and commas).
_WORD = re.compile(r"[\w\u0300-\u036f\u0900-\u0963\u0966-\u0dff\u0610-\u061a\u0620-\u06d3"
                   r"\u06d5-\u06ff\u1000-\u1049\u1050-\u109f\u1780-\u17d3\u200c]+")


def claim_word(language: str, text: str) -> str | None:
    """The first word of the text holding a claim word of ``language`` (or an English
    one), as the sender wrote it; None when the language's list finds none; "" when the
    language has no list here and the text names no English claim word (the rules know
    none of its words: ``language.unread_claim_language`` then looks for a sum)."""
    folded, origins = _canonical(text)
    found = _pattern(language).search(folded)
    if not found:
        return None if language in _STEMS else ""
    at = origins[found.start()]
    start = at
    while start > 0 and _WORD.fullmatch(text[start - 1]):
        start -= 1
    word = _WORD.match(text, at)
    return text[start:word.end() if word else at + 1]


def named_again(language: str, text: str) -> bool:
    """Whether the text names a claim word of ``language`` (or an English one) at least
    twice, the same word or two: a claim names itself and its defect, its loss or its
    sum's purpose ("Reklamacja ... zanieczyszczenie", "претензия ... недовес"); a single
    mention is how an arbitration clause, a report's aside or an out-of-office reply
    names one. In a language with no list here, one English claim word is enough: the
    rules know none of the language's own words to find a second."""
    matches = _pattern(language).finditer(_canonical(text)[0])
    first = next(matches, None)
    return first is not None and (language not in _STEMS or next(matches, None) is not None)
