"""Claim words in languages the rules do not otherwise read: the words a claim cannot be
written without (a claim, compensation, a deduction, a penalty, arbitration, a court, a
lawyer, contamination, a shortfall, a defect, a loss), for the mail ``readers.language``
finds in a language none of the readers know. The rules cannot check a model that calls
such mail routine; with these words they can tell the mail that may hold a claim, which
goes to a person, from the mail that names none of them (a price inquiry, a shipping
schedule, a greeting), which keeps the model's route. A reading of meaning that only ever
sends mail to a person; a language without a list here always goes to one.

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
_ANY = (r"\bclaim", r"\bdebit\s*note", r"compensation", r"arbitrat", r"polypropylen",
        r"contaminat", r"\bshortfall", r"\bindemn")

_STEMS: dict[str, tuple[str, ...]] = {
    # Russian and Bulgarian share most of these stems; Ukrainian its own.
    "ru": ("претензи", "рекламаци", "компенсаци", "возмещ", "ущерб", "убыт", "неустойк",
           "штраф", "уценк", "вычет", "удержа", "дебет", "арбитраж", r"\bсуд(?:е|ом)?\b",
           "судебн", r"\bиск\b", r"\bиск(?:а|ом|у)\b", "исков",
           "юрист", "адвокат", r"\bспор", "ответственност", "загрязн", "посторонн",
           "полипропилен", "пластик", "джут", "недовес", "недостач", "брак", "дефект",
           "несоответств", "возврат"),
    "bg": ("претенци", "рекламаци", "обезщет", "компенсаци", "неустойк", "глоба", "удръжк",
           "арбитраж", r"\bсъд(?:а|ът)?\b", "съдебн", r"\bиск\b", "исков", "адвокат",
           "юрист", r"\bспор", "замърс",
           "чужд", "полипропилен", "пластмас", r"\bюта", "липс", "дефект", "брак", "щет",
           "загуб", "отговорност"),
    "uk": ("претензі", "рекламаці", "компенсаці", "відшкодув", "збит", "неустойк",
           "штраф", "утриман", "арбітраж", "судов", r"\bсуд\b", "позов", "юрист",
           "адвокат", r"\bспір", r"\bспор", "відповідальн", "забрудн", "сторонн",
           "поліпропілен", "пластик", "джут", "недоваг", "нестач", "дефект", "брак",
           "невідповідн", "повернен"),
    "pl": ("reklamac", "roszczen", "odszkodow", "rekompens", r"zwrot\w*\s+koszt",
           r"\bkar\w*\s+umown",
           "potrac", "obciaz", "arbitra", r"\bsad\w*", "pozew", "pozw", "prawnik", "adwokat",
           "kancelari", "zanieczyszcz", r"\bobc\w+\s+(?:cial|wlok|material|substanc)",
           "polipropylen", "plastik", r"\bjut", "niedob", "niedowag", r"\bwad", "niezgodn",
           "odrzuc", r"\bspor", "odpowiedzialn", r"\bstrat", "szkod"),
    "cs": ("reklamac", r"\bnarok", "nahrad", "odskodn", "pokut", "srazk", "arbitraz",
           "rozhodci", r"\bsoud", "zalob", "pravnik", "advokat", "kontaminac", "znecist",
           r"\bciz\w*\s+(?:latk|vlak|predmet)", "polypropylen", r"\bplast", r"\bjut", "manko",
           r"\bvad", "nesoulad", r"\bspor", "odpovednost", "skod", "ztrat"),
    "sk": ("reklamac", r"\bnarok", "nahrad", "odskodn", "pokut", "zrazk", "arbitraz",
           "rozhodc", r"\bsud", "zalob", "pravnik", "advokat", "kontaminac", "znecist",
           "polypropylen", r"\bplast", r"\bjut", "manko", r"\bvad", "nesulad", r"\bspor",
           "zodpovednost", "skod", "strat"),
    "el": ("αξιωσ", "απαιτησ", "αποζημιωσ", "παραπον", "εκπτωσ", "παρακρατησ", "χρεωστικ",
           "ποινικ", "ποινη", "ρητρα", "διαιτ", "δικαστ", r"\bαγωγ", "δικηγορ", "νομικ",
           "μολυνσ", "ρυπανσ", r"ξεν\w*\s+(?:υλ|ουσ|ιν|σωμ)", "πολυπροπυλ", "πλαστικ",
           "γιουτα", "ελλειμ", "ελλιπ", "ελαττωμ", "απορριψ", "ευθυν", "ζημι", "απωλει"),
    # Hindi and Marathi (Devanagari): nukta forms match their plain stems.
    "hi": ("दावा", "दावे", "क्लेम", "मुआवज", "क्षतिपूर्ति", "हर्जान", "शिकायत", "कटौती",
           "जुर्मान", "दंड", "मध्यस्थ", "पंचाट", "अदालत", "न्यायालय", "मुकदम", "वकील",
           "कानूनी", "दूषित", "संदूषण", "मिलावट", "पॉलीप्रो", "पोलीप्रो", "प्लास्टिक", "जूट",
           "कमी", "दोष", "खराब", "अस्वीकार", "नुकसान", "हानि", "भरपाई", "रिफंड", "डेबिट"),
    "mr": ("दावा", "दावे", "क्लेम", "भरपाई", "तक्रार", "दंड", "लवाद", "न्यायालय", "वकील",
           "कायदेशीर", "दूषित", "प्लास्टिक", "ज्यूट", "घट", "दोष", "नाकार", "नुकसान",
           "कपात", "डेबिट"),
    "bn": ("দাবি", "ক্লেইম", "ক্লেম", "ক্ষতিপূরণ", "অভিযোগ", "কর্তন", "জরিমানা", "সালিশ",
           "আদালত", "মামলা", "আইনজীবী", "আইনি", "দূষণ", "দূষিত", "পলিপ্রো", "প্লাস্টিক",
           "পাট", "ঘাটতি", "ত্রুটি", "নিম্নমান", "প্রত্যাখ্যান", "ক্ষতি", "লোকসান",
           "ডেবিট", "ফেরত"),
    "ur": ("دعویٰ", r"دعوی\b", "دعوے", "کلیم", "ہرجان", "معاوض", "تلافی", "شکایت", "کٹوتی",
           "جرمان", "ثالث", "عدالت", "مقدمہ", "مقدمے", "وکیل", "قانونی", "آلودگی", "آلودہ",
           "پولی پرو", "پلاسٹک", "پٹ سن", "جوٹ", "کمی", "نقص", "ناقص", "مسترد", "نقصان",
           "ڈیبٹ", "واپسی"),
    "fa": ("ادعا", "خسارت", "غرامت", "جبران", "شکایت", "کسر", "جریمه", "داوری", "دادگاه",
           "وکیل", "حقوقی", "آلودگی", "آلوده", "پلی پروپیلن", "پلی‌پروپیلن", "پلاستیک", "کنف",
           "کمبود", "نقص", "معیوب", "مردود", "زیان", "ضرر", "استرداد", "بدهکار"),
    "nl": ("schadevergoed", "schadeclaim", "vergoed", "klacht", "reclamatie", "boete",
           "verreken", "debetnota", "arbitrage", "rechtbank", "rechter", "advoca", "juridisch",
           "vervuil", "verontreinig", r"vreemde\s+(?:stof|vezel|materia|voorwerp)",
           "polypropyleen", "plastic", r"\bjute", "tekort", "ondergewicht", "gebrek",
           "defect", "afgekeurd", "afkeur", "schade", "verlies", "aansprakelijk", "geschil"),
    "ro": ("reclamat", "despagubi", "penalit", "compensa", "ramburs", "arbitraj", "instant",
           "avocat", "juridic", "contamina", "impuritat", r"corpuri\s+strain", "polipropilen",
           "plastic", r"\biuta", "lipsa", "deficit", "defect", "neconform", "respin", "pagub",
           "pierder", "litigi", "raspunder"),
    "hu": ("reklamaci", "karterit", "kartalanit", r"\bkar\b", r"\bkart\b", "panasz", "kotber",
           "levonas", "valasztottbir", "birosag", "perel", "ugyved",
           r"\bjogi", "szennyez", r"idegen\s+(?:anyag|szal|test)", "polipropilen", "muanyag",
           r"\bjuta", "hiany", "hibas", r"\bhiba", r"nem\s+megfelel", "elutasit", "veszteseg",
           r"\bvita", "felelosseg"),
    "he": ("תביע", "פיצוי", "תלונ", "קנס", "ניכוי", "בורר", "משפט", "עורך דין", "זיהו",
           "פוליפרופילן", "פלסטיק", "יוטה", "חוסר", "פגם", "פגום", "אי התאמה", "נזק", "הפסד",
           "אחריות"),
    "sw": ("madai", r"\bdai\b", "fidia", "malalamiko", "faini", "adhabu", "usuluhishi",
           "mahakama", r"\bkesi\b", "wakili", "kisheria", "uchafu", "plastiki", "polipropil",
           "upungufu", "kasoro", "hasara", "marejesho"),
}


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
    return _fold(fold_for_rules(_fold(ch)))


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
def _pattern(language: str) -> re.Pattern[str] | None:
    stems = _STEMS.get(language)
    if stems is None:
        return None
    # Regex syntax is ASCII and lower case: folding leaves it as written.
    return re.compile("|".join(_canonical(stem)[0] for stem in (*stems, *_ANY)))


_WORD = re.compile(r"[\w\u0300-\u036f\u0900-\u0dff\u0600-\u06ff\u200c]+")


def claim_word(language: str, text: str) -> str | None:
    """The first word of the text holding a claim word of ``language``, as the sender
    wrote it; "" when the language has no list here (the rules know none of its words:
    any mail in it may hold a claim); None when the language's list finds none."""
    pattern = _pattern(language)
    if pattern is None:
        return ""
    folded, origins = _canonical(text)
    found = pattern.search(folded)
    if not found:
        return None
    at = origins[found.start()]
    start = at
    while start > 0 and _WORD.fullmatch(text[start - 1]):
        start -= 1
    word = _WORD.match(text, at)
    return text[start:word.end() if word else at + 1]
