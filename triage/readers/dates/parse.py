"""Month and weekday words (EN/PT/ES, and DE/FR/IT/TR/VI), the reading limits, the
``Deadline`` record, and ``parse_date``: one written date, as a model or a form gives it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

_MONTHS = {
    "jan": 1, "january": 1, "janeiro": 1, "feb": 2, "february": 2, "fev": 2, "fevereiro": 2,
    "mar": 3, "march": 3, "março": 3, "marco": 3, "apr": 4, "april": 4, "abr": 4, "abril": 4,
    "may": 5, "mai": 5, "maio": 5, "jun": 6, "june": 6, "junho": 6, "jul": 7, "july": 7,
    "julho": 7, "aug": 8, "august": 8, "ago": 8, "agosto": 8, "sep": 9, "sept": 9,
    "september": 9, "set": 9, "setembro": 9, "oct": 10, "october": 10, "out": 10,
    "outubro": 10, "nov": 11, "november": 11, "novembro": 11, "dec": 12, "december": 12,
    "dez": 12, "dezembro": 12,
    # Spanish
    "ene": 1, "enero": 1, "febrero": 2, "marzo": 3, "mayo": 5, "junio": 6, "julio": 7,
    "septiembre": 9, "setiembre": 9, "octubre": 10, "noviembre": 11, "dic": 12,
    "diciembre": 12,
    # German
    "januar": 1, "jänner": 1, "februar": 2, "märz": 3, "maerz": 3, "juni": 6, "juli": 7,
    "oktober": 10, "okt": 10, "dezember": 12, "mär": 3,
    # French
    "janvier": 1, "février": 2, "fevrier": 2, "mars": 3, "avril": 4, "juin": 6,
    "juillet": 7, "août": 8, "aout": 8, "septembre": 9, "octobre": 10, "novembre": 11,
    "décembre": 12, "decembre": 12, "janv": 1, "févr": 2, "déc": 12,
    # Italian
    "gennaio": 1, "febbraio": 2, "aprile": 4, "maggio": 5, "giugno": 6, "luglio": 7,
    "settembre": 9, "ottobre": 10, "dicembre": 12, "gen": 1, "giu": 6, "lug": 7, "ott": 10,
    # Turkish (with and without its letters, as mail clients and capitals leave them)
    "ocak": 1, "şubat": 2, "subat": 2, "mart": 3, "nisan": 4, "mayıs": 5, "mayis": 5,
    "haziran": 6, "temmuz": 7, "ağustos": 8, "agustos": 8, "eylül": 9, "eylul": 9,
    "ekim": 10, "kasım": 11, "kasim": 11, "aralık": 12, "aralik": 12,
}
# The language dateparser should try first for a month word that is not English.
_MONTH_LANG = {
    **dict.fromkeys(["janeiro", "fev", "fevereiro", "março", "marco", "mai", "maio", "junho",
                     "julho", "setembro", "out", "outubro", "novembro", "dez", "dezembro",
                     "set"], "pt"),
    **dict.fromkeys(["ene", "enero", "febrero", "marzo", "mayo", "junio", "julio",
                     "septiembre", "setiembre", "octubre", "noviembre", "dic", "diciembre",
                     "abr", "abril", "ago", "agosto"], "es"),
    **dict.fromkeys(["januar", "jänner", "februar", "märz", "maerz", "juni", "juli",
                     "oktober", "okt", "dezember", "mär"], "de"),
    **dict.fromkeys(["janvier", "février", "fevrier", "mars", "avril", "juin", "juillet",
                     "août", "aout", "septembre", "octobre", "décembre", "decembre", "janv",
                     "févr", "déc"], "fr"),
    **dict.fromkeys(["gennaio", "febbraio", "aprile", "maggio", "giugno", "luglio",
                     "settembre", "ottobre", "dicembre", "gen", "giu", "lug", "ott"], "it"),
    **dict.fromkeys(["ocak", "şubat", "subat", "mart", "nisan", "mayıs", "mayis", "haziran",
                     "temmuz", "ağustos", "agustos", "eylül", "eylul", "ekim", "kasım",
                     "kasim", "aralık", "aralik"], "tr"),
}

# Weekday words -> (Monday=0, language). Abbreviations only count in front of a date.
_WEEKDAYS = {
    "monday": (0, "en"), "tuesday": (1, "en"), "wednesday": (2, "en"), "thursday": (3, "en"),
    "friday": (4, "en"), "saturday": (5, "en"), "sunday": (6, "en"),
    "segunda": (0, "pt"), "terça": (1, "pt"), "terca": (1, "pt"), "quarta": (2, "pt"),
    "quinta": (3, "pt"), "sexta": (4, "pt"), "sábado": (5, "pt"), "sabado": (5, "pt"),
    "domingo": (6, "pt"),
    "lunes": (0, "es"), "martes": (1, "es"), "miércoles": (2, "es"), "miercoles": (2, "es"),
    "jueves": (3, "es"), "viernes": (4, "es"),
    "montag": (0, "de"), "dienstag": (1, "de"), "mittwoch": (2, "de"),
    "donnerstag": (3, "de"), "freitag": (4, "de"), "samstag": (5, "de"),
    "sonnabend": (5, "de"), "sonntag": (6, "de"),
    "lundi": (0, "fr"), "mardi": (1, "fr"), "mercredi": (2, "fr"), "jeudi": (3, "fr"),
    "vendredi": (4, "fr"), "samedi": (5, "fr"), "dimanche": (6, "fr"),
    "lunedì": (0, "it"), "lunedi": (0, "it"), "martedì": (1, "it"), "martedi": (1, "it"),
    "mercoledì": (2, "it"), "mercoledi": (2, "it"), "giovedì": (3, "it"),
    "giovedi": (3, "it"), "venerdì": (4, "it"), "venerdi": (4, "it"), "sabato": (5, "it"),
    "domenica": (6, "it"),
    # Turkish, also in the dative a deadline puts it in ("cumaya kadar")
    "pazartesi": (0, "tr"), "salı": (1, "tr"), "sali": (1, "tr"), "çarşamba": (2, "tr"),
    "carsamba": (2, "tr"), "perşembe": (3, "tr"), "persembe": (3, "tr"), "cuma": (4, "tr"),
    "cumartesi": (5, "tr"), "pazar": (6, "tr"), "pazartesiye": (0, "tr"), "salıya": (1, "tr"),
    "çarşambaya": (2, "tr"), "perşembeye": (3, "tr"), "cumaya": (4, "tr"),
    "cumartesiye": (5, "tr"), "pazara": (6, "tr"),
    # Vietnamese: "thứ Sáu" or "thứ 6" is Friday
    "thứ hai": (0, "vi"), "thứ ba": (1, "vi"), "thứ tư": (2, "vi"), "thứ năm": (3, "vi"),
    "thứ sáu": (4, "vi"), "thứ bảy": (5, "vi"), "chủ nhật": (6, "vi"), "thứ 2": (0, "vi"),
    "thứ 3": (1, "vi"), "thứ 4": (2, "vi"), "thứ 5": (3, "vi"), "thứ 6": (4, "vi"),
    "thứ 7": (5, "vi"),
}
_WEEKDAY_ABBR = ["mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
                 "seg", "ter", "qua", "qui", "sex", "sáb", "sab", "dom", "lun", "mié", "mie",
                 "jue", "vie"]

MAX_CANDIDATES = 50   # date phrases parsed per email
MAX_PHRASE = 60       # characters of a date phrase handed to a parser


@dataclass(frozen=True)
class Deadline:
    when: date
    quote: str                 # the words it was read from
    ambiguous: bool = False    # a numeric date where DD/MM and MM/DD both parse (earlier taken)


# --- parse_date: one written date, as a model or a form gives it ------------------------

def parse_date(value: object, *, day_first: bool = True) -> date | None:
    """Any reasonable written date -> ``date``; anything else -> None, never raises.
    Numeric dates are day-first (Brazil, Europe) unless the first number cannot be a
    day or ``day_first`` is False."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    s = str(value).strip().lower().rstrip(".")
    if not s or len(s) > 60:
        return None
    try:
        return date.fromisoformat(s[:10])
    except ValueError:
        pass
    m = re.fullmatch(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{2,4})", s)
    if m:
        a, b, y = (int(x) for x in m.groups())
        y = y + 2000 if y < 100 else y
        d, mo = (a, b) if (day_first or b > 12) and a <= 31 else (b, a)
        if mo > 12:
            d, mo = mo, d
        return _safe_date(y, mo, d)
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th|º)?(?:\s+de)?\s+([a-zç]+)(?:\s+de)?,?\s+(\d{4})",
                     s)
    if m and m.group(2) in _MONTHS:
        return _safe_date(int(m.group(3)), _MONTHS[m.group(2)], int(m.group(1)))
    m = re.fullmatch(r"([a-zç]+)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", s)
    if m and m.group(1) in _MONTHS:
        return _safe_date(int(m.group(3)), _MONTHS[m.group(1)], int(m.group(2)))
    return None


def _safe_date(y: int, m: int, d: int) -> date | None:
    try:
        result = date(y, m, d)
    except ValueError:
        return None
    return result if 1990 <= result.year <= 2100 else None
