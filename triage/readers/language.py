"""Which language a sender wrote in: one of our mail's three (English, Portuguese,
Spanish), for the reply a person starts from (``language_of``), and whether the rules
read the language at all (``unread_language``), so that a claim in a language they do
not know never goes to an automatic forward. py3langid's model, shipped in its package:
no network, no data of ours. Linear in the text (a byte automaton), read on its first
few thousand characters; each identifier is loaded once per process, on first use."""

from __future__ import annotations

import re
import threading
from bisect import bisect_left

from triage.readers.claim_words import claim_word, named_again
from triage.readers.money import find_amounts
from triage.readers.text import clip_words

LANGUAGES = ("en", "pt", "es")
READ_CHARS = 4_000
# Below this the three-way posterior is a guess (a subject of two words): no language.
MIN_CONFIDENCE = 0.6

# The languages the rules read claims, amounts, deadlines and bank changes in
# (``readers.money``, ``readers.dates``, ``readers.signals``): English, Portuguese,
# Spanish, German, French, Italian, Turkish, Vietnamese, Chinese, Indonesian and Malay,
# Japanese, Korean, Thai and Arabic; with the neighbours the model confuses them with on
# short or mixed text (Galician for Portuguese, Catalan for Spanish, Occitan for French,
# Corsican for Italian, Luxembourgish for German, Javanese for Indonesian). Persian and
# Urdu share Arabic's script, not its words: they are no neighbours.
RULES_READ = frozenset({"en", "pt", "es", "de", "fr", "it", "tr", "vi", "zh", "id", "ms",
                        "ja", "ko", "th", "ar"})
_NEIGHBOURS = frozenset({"gl", "ca", "an", "oc", "co", "lb", "jv"})
# Under this share of the probability for every language the rules read, the text is
# in another one; and a text needs this many letters before it says so (a Chinese or
# Japanese character, a word's worth of meaning, counts as three).
UNREAD_BELOW = 0.2
MIN_LETTERS = 60

_lock = threading.Lock()
_identifiers: dict[str, object] = {}


def _model(name: str = "ours"):
    """``ours``: restricted to the three reply languages; ``all``: every language the
    model knows (97)."""
    with _lock:
        if name not in _identifiers:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
            if name == "ours":
                identifier.set_languages(list(LANGUAGES))
            _identifiers[name] = identifier
    return _identifiers[name]


def language_of(*texts: str) -> str | None:
    """"en", "pt" or "es" for the text (a subject, a body), or None when there is too
    little to tell."""
    text = "\n".join(t for t in texts if t)[:READ_CHARS].strip()
    if len(text) < 12:
        return None
    code, confidence = _model().classify(text)
    return code if confidence >= MIN_CONFIDENCE else None


def unread_language(*texts: str) -> str | None:
    """The language of the text (an ISO 639-1 code: "ru", "pl", "hi", "fa") when the
    rules read none of it, else None: our languages, too little text to tell, or a text
    the model cannot place. A reading, not a fact: it sends a mail that would be
    forwarded to a person instead (``decision.route.review_signals``)."""
    text = "\n".join(t for t in texts if t)[:READ_CHARS]
    if sum(3 if ch >= "\u3040" else 1 for ch in text if ch.isalpha()) < MIN_LETTERS:
        return None
    ranked = _model("all").rank(text)
    known = sum(p for code, p in ranked if code in RULES_READ or code in _NEIGHBOURS)
    if known >= UNREAD_BELOW:
        return None
    return ranked[0][0]


def unread_claim_language(subject: str, text: str, *,
                          written: str | None = None) -> tuple[str, str] | None:
    """(language, claim word or figure) for mail in a language the rules do not read that
    may hold a claim: one of the claim words ``readers.claim_words`` knows in that
    language is in the subject or the text, or a sum beside a weight or a share
    (``_figure``; ``written``: the text as the sender wrote it, when ``text`` is the rules'
    folded copy; the word is quoted from it); in a language it knows no word of, an
    English claim word or any sum of money, quoted. None for our languages, for a General
    Average declaration, and for mail that names none of its language's claim words and
    states no such figure (a price inquiry in Polish, a visit asked for in Georgian): the
    model's route stands."""
    language = unread_language(subject, text)
    if language is None:
        return None
    written = f"{subject}\n{text}" if written is None else written
    if _GENERAL_AVERAGE.search(written):
        return None  # a General Average declaration: its damage and claims are the voyage's
    word = claim_word(language, written)
    if word == "":
        # None of the language's words known: a claim states its sum ("USD 48,000",
        # "90 000 აშშ დოლარის", "dala 90,000"); a greeting, a visit or an arrival notice
        # with no sum of money keeps the model's route. A sum of any kind goes to a person.
        amounts = find_amounts(written)
        word = amounts[0].quote if amounts else _sum_named(written)
    elif word is None:
        word = _figure(written)
    elif not named_again(language, written):
        # One claim word alone, with no exact sum of money anywhere (a tender's arbitration
        # clause, a report's aside in round millions, "1,94 млрд долларов", an
        # out-of-office reply's complaints contact), is read as none; beside a sum it may
        # be the claim's ("претензию ... 48 000 долларов").
        word = _figure(written) or (word if find_amounts(written) or _SUM_IN_WORDS.search(
            written) else None)
    return None if word is None else (language, clip_words(word, 80))


# A General Average declaration, in the words its notices use in any language ("Average
# Bond", "York-Antwerp", "Averij-Grosse", "Γενική Αβαρία", "общая авария").
_GENERAL_AVERAGE = re.compile(
    r"general\s+average|average\s+(?:bond|guarantee)|york[- ]antwerp|averij[- ]grosse"
    r"|γενικ\w*\s+αβαρ\w*|havarie[- ]grosse|aver[íi]a\s+gruesa|avaria\s+gros+a"
    r"|общ\w+\s+авари\w*|awari\w*\s+wsp[óo]ln\w*|m[üu]şterek\s+avarya|avarie\s+commune",
    re.IGNORECASE)
# A weight or a share, and a sum in a currency's own word, in the languages of
# ``claim_words``: "3 450 kg", "4,5 %"; "6 200 долларов", "6,200 डॉलर", "۶۲۰۰ دلار".
_NUMBER = r"\d[\d.,'\u00a0\u202f ]{0,14}\s?"
_MEASURE = re.compile(
    _NUMBER + r"(?:kgs?\b|кг|%|٪|кило|κιλ|किलो|কিলো|کلو|کیلو|ק\"ג|kilo)", re.IGNORECASE)
# The dollar, the euro, the taka, the rial and the toman, in the words both readings
# below know.
_CURRENCY_WORDS = "доллар|долар|डॉलर|ডলার|ڈالر|دلار|דולר|евро|євро|euro|ευρώ|টাকা|ریال|تومان"
_SUM_IN_WORDS = re.compile(
    _NUMBER + r"(?:" + _CURRENCY_WORDS + r"|dolar|δολ[άα]ρ|dola|dollar"
    r"|यूरो|ইউরো|یورو|אירו|रुप|روپ|рубл|руб\.|гривн|лв|złot|zł|korun|kč"
    r"|forint|ft\b|lei\b|shekel|שקל|shilingi|cent|цент|σεντ|सेंट|সেন্ট|سینٹ|سنت|סנט)",
    re.IGNORECASE)
# A currency named in words, in any script, and a number of three digits or more near
# it: a sum in a language the rules know no word of ("90 000 აშშ დოლარის", "dala
# 90,000", "amadola angu-90 000", "90,000 የአሜሪካ ዶላር", "ကျပ် ၁၀၀,၀၀၀").
_MONEY_WORD = re.compile(
    _CURRENCY_WORDS + r"|d[oa]l+ar|doolar|\bdala\b|dola\b|amadola|δολάρ|დოლარ|դոլար|ໂດລາ|"
    r"ដុល្លារ|ဒေါ်လာ|ዶላር|ഡോളർ|ಡಾಲರ್|ඩොලර්|డాలర్|ევრო|եվրո|ዩሮ|\b(?:usd|eur|brl|naira|rand|birr)\b|"
    r"ლარ|դրամ|төгрөг|денар|сомони|манат|\blek[ëe]\b|\bevr(?:a|o|ov)\b|\beur[ao]\b|"
    r"ກີບ|រៀល|ကျပ်|ብር|රුපියල්|രൂപ|ರೂಪಾಯಿ|రూపాయ|रुपय|रुपए|ريال|جنيه|درهم",
    re.IGNORECASE)
_DIGITS = re.compile(r"\d(?:[\d.,'\u00a0\u202f ]?\d){2,}")
_MONEY_REACH = 40


def _sum_named(text: str) -> str | None:
    """The words around the first currency named in words with a number of three digits
    or more within _MONEY_REACH characters of it, or None."""
    for m in _MONEY_WORD.finditer(text):
        lo, hi = max(0, m.start() - _MONEY_REACH), m.end() + _MONEY_REACH
        number = _DIGITS.search(text, lo, hi)
        if number:
            return text[min(m.start(), number.start()):max(m.end(), number.end())]
    return None


# A sum and a weight or share read together: within this many characters.
_BESIDE = 400
_PER_UNIT = re.compile(r"\s{0,3}(?:/|per\b|प्रति|প্রতি|فی|每)", re.IGNORECASE)
# A tolerance is no finding: "±3 %", "+/- 2 %" (a shortfall's "-3 450 kg" is one).
_TOLERANCE = re.compile(r"(?:±|\+/?-|\+/–)\s?\d")


def _figure(text: str) -> str | None:
    """A sum of money (a currency and a number, in any script: "USD 6.200", "6 200 USD",
    "৳ 28,75,000") stated beside a weight or a share: the shape of a shortfall or
    allowance claim in a language whose words the rules do not know, so mail holding both
    goes to a person. A sum alone is the shape of every invoice, statement, remittance
    and offer, and a tolerance ("±3 %") no finding: neither is read."""
    measures = [m.start() for m in _MEASURE.finditer(text)
                if not _TOLERANCE.search(text, max(0, m.start() - 3), m.start() + 1)]
    if not measures:
        return None
    # A price is a sum per unit ("₹ 56,800 प्रति खंडी (356 किलो)"): a market report's.
    amounts = find_amounts(text)
    sums = [(a.start, a.end, a.quote) for a in amounts if not _PER_UNIT.match(text, a.end)]
    if not amounts:
        sums = [(m.start(), m.end(), m.group(0)) for m in _SUM_IN_WORDS.finditer(text)]
    for start, end, quote in sums:  # measures are in order: one bisection per sum
        i = bisect_left(measures, start - _BESIDE)
        if i < len(measures) and measures[i] <= end + _BESIDE:
            return quote
    return None
