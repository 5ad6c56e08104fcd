"""Reading a located phrase: the date it names, from the receipt time in its own zone.
Numeric dates, durations and the words dateparser cannot read are done here; month,
weekday and today/tomorrow words go to ``dateparser``, guarded by the words as written."""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache

from triage.readers.dates.business import NO_HOLIDAYS, add_business_days
from triage.readers.dates.parse import _MONTH_LANG, _MONTHS, _WEEKDAYS, MAX_PHRASE, _safe_date


def _local(received: datetime | date) -> datetime:
    """The receipt time in its own zone, naive (dateparser then does no zone arithmetic
    of its own)."""
    if isinstance(received, datetime):
        return received.replace(tzinfo=None)
    return datetime.combine(received, time())


def _read_duration(m: re.Match[str], received: datetime | date,
                   holidays: Collection[date] = NO_HOLIDAYS) -> tuple[date, bool] | None:
    n = _number(m)
    if n is None or n <= 0 or n > 1000:
        return None
    local = _local(received)
    if m.group("h"):
        if isinstance(received, datetime) and received.tzinfo is not None:
            # Real elapsed hours (a DST change in between moves the wall clock).
            end = (received.astimezone(UTC) + timedelta(hours=n)).astimezone(received.tzinfo)
            return end.date(), False
        return (local + timedelta(hours=n)).date(), False
    if m.group("bd"):
        return add_business_days(local.date(), n, holidays), False
    if m.group("wk"):
        return local.date() + timedelta(weeks=n), False
    return local.date() + timedelta(days=n), False


_ZH_DIGITS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8,
              "九": 9}


def _zh_number(words: str) -> int | None:
    """一 to 九十九 ("三", "十五", "二十四"): the small counts a deadline uses."""
    if words.isdigit():
        return int(words)
    tens, _, ones = words.partition("十")
    if "十" not in words:
        return _ZH_DIGITS.get(words) if len(words) == 1 else None
    high = _ZH_DIGITS.get(tens, 0 if tens else 1) if len(tens) <= 1 else None
    low = _ZH_DIGITS.get(ones, 0 if not ones else None) if len(ones) <= 1 else None
    return None if high is None or low is None else high * 10 + low


def _number(m: re.Match[str]) -> int | None:
    g = m.groupdict()
    if g.get("n"):
        return int(g["n"])
    if g.get("wn"):
        return int(g["wn"])
    if g.get("zn"):
        return _zh_number(g["zn"])
    return _number_words(g["w"].lower()) if g.get("w") else None


_ONE = {"a", "an", "one", "um", "uma", "un", "uno", "una"}


@lru_cache(maxsize=256)
def _number_words(words: str) -> int | None:
    if words in _ONE:
        return 1
    from text_to_num import text2num

    for lang in ("en", "pt", "es", "de", "fr", "it"):
        try:
            return int(text2num(words, lang))
        except (ValueError, TypeError, KeyError):
            continue
    return None


def _read_phrase(m: re.Match[str], base: datetime) -> tuple[date, bool] | None:
    """The date a located phrase names: numeric forms here, words through dateparser."""
    g = m.groupdict()
    today = base.date()
    if g.get("eod") and not g.get("core"):
        return today, False
    if g.get("iy"):
        found = _safe_date(int(g["iy"]), int(g["im"]), int(g["id"]))
        return (found, False) if found else None
    if g.get("na"):
        month = g["nb"] or g["nb2"] or g["nb3"] or g["nb4"]
        return _read_numeric(int(g["na"]), int(month), g["nyr"], today)
    if g.get("rel"):
        return _read_relative(g["rel"], base)
    if g.get("wd"):
        return _read_weekday(g["wd"], g.get("wq"), base)
    if g.get("nm"):
        return _read_named(m.group("core"), int(re.match(r"\d+", g["nd"]).group()),
                           g["nm"], g["ny"], base)
    if g.get("mm"):
        return _read_named(m.group("core"), int(re.match(r"\d+", g["md"]).group()),
                           g["mm"], g["my"], base)
    if g.get("vm"):  # Vietnamese "4 tháng 12": the month is a number
        return _month_day(int(g["vm"]), int(re.match(r"\d+", g["vd"]).group()), g["vy"],
                          today)
    return None


def _month_day(month: int, day: int, year: str | None, today: date) -> tuple[date, bool] | None:
    found = _safe_date(int(year), month, day) if year else _next_on_or_after(month, day, today)
    return (found, False) if found else None


_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_ZH_RELATIVE = {"今天": 0, "今日": 0, "明天": 1, "明日": 1, "后天": 2}


def _read_zh(m: re.Match[str], base: datetime) -> tuple[date, bool] | None:
    """A Chinese date phrase: "12月4日", "2026年12月4日", "周五"/"星期五", "下周五" (Friday
    of next week), "明天", or a numeric date beside a Chinese cue."""
    g = m.groupdict()
    today = base.date()
    if g.get("zm"):
        return _month_day(int(g["zm"]), int(g["zd"]), g.get("zy"), today)
    if g.get("zw"):
        weekday = _ZH_WEEKDAYS[g["zw"]]
        if (g.get("zq") or "").startswith("下"):
            monday_next = today + timedelta(days=7 - today.weekday())
            return monday_next + timedelta(days=weekday), False
        if (g.get("zq") or "").startswith(("本", "这")) and today.weekday() == weekday:
            return today, False
        return today + timedelta(days=(weekday - today.weekday() - 1) % 7 + 1), False
    if g.get("zrel"):
        return today + timedelta(days=_ZH_RELATIVE[g["zrel"]]), False
    return _read_phrase(m, base)


def _read_numeric(a: int, b: int, year: str | None, today: date) -> tuple[date, bool] | None:
    """DD/MM or MM/DD: both readings; when both are dates and differ, the earlier one,
    marked ambiguous (a wrong early deadline costs a look, a wrong late one a claim).
    A reading already in the past when the other is not is dropped: nobody sets a
    deadline that has passed, and "10/12" from a Brazilian mill in November is 10 Dec."""
    readings = set()
    for d, mo in ((a, b), (b, a)):
        if year is None:
            found = _next_on_or_after(mo, d, today)
        else:
            y = int(year)
            found = _safe_date(y + 2000 if y < 100 else y, mo, d)
        if found:
            readings.add(found)
    if not readings:
        return None
    ahead = {r for r in readings if r >= today}
    if ahead and len(ahead) < len(readings):
        return min(ahead), False
    return min(readings), len(readings) > 1


def _next_on_or_after(month: int, day: int, today: date) -> date | None:
    for y in range(today.year, today.year + 9):  # 29 February waits for a leap year
        found = _safe_date(y, month, day)
        if found and found >= today:
            return found
    return None


_REL_FALLBACK = {"depois de amanhã": 2, "depois de amanha": 2, "pasado mañana": 2,
                 "pasado manana": 2, "esta noche": 0, "hoje à noite": 0, "hoje a noite": 0,
                 # the Turkish dative ("yarına kadar") and words dateparser does not read
                 "yarına": 1, "ngày kia": 2}
# The language dateparser should read a today/tomorrow word in.
_REL_LANG = {**dict.fromkeys(["heute", "morgen", "übermorgen"], "de"),
             **dict.fromkeys(["aujourd'hui", "demain", "après-demain"], "fr"),
             **dict.fromkeys(["oggi", "domani", "dopodomani"], "it"),
             **dict.fromkeys(["bugün", "yarın"], "tr"),
             **dict.fromkeys(["hôm nay", "ngày mai"], "vi")}


def _read_relative(word: str, base: datetime) -> tuple[date, bool] | None:
    key = " ".join(word.lower().split())
    if key in _REL_FALLBACK:
        return base.date() + timedelta(days=_REL_FALLBACK[key]), False
    found = _dateparser(key, _REL_LANG.get(key), base)
    return (found, False) if found else None


def _read_weekday(word: str, qualifier: str | None, base: datetime) -> tuple[date, bool] | None:
    key = " ".join(word.lower().replace("-", " ").split())
    if key not in _WEEKDAYS:  # "sexta feira"; "thứ sáu" is a weekday in two words
        key = key.split()[0]
    weekday, lang = _WEEKDAYS[key]
    today = base.date()
    q = (qualifier or "").lower()
    if q in ("this", "esta", "este") and today.weekday() == weekday:
        return today, False
    found = _dateparser(key, lang, base)
    # Guard: the next such day strictly after receipt, whatever dateparser made of it.
    ahead = (weekday - today.weekday() - 1) % 7 + 1
    expected = today + timedelta(days=ahead)
    return (found if found == expected else expected), False


def _read_named(phrase: str, day: int, month_word: str, year: str | None,
                base: datetime) -> tuple[date, bool] | None:
    month = _MONTHS[month_word.rstrip(".")]
    today = base.date()
    # Ordinal marks dateparser does not read ("1º de dezembro").
    clean = re.sub(r"(?<=\d)(?:º|°|ª|o)(?![^\W\d_])", "", phrase[:MAX_PHRASE])
    found = _dateparser(clean, _MONTH_LANG.get(month_word.rstrip(".")), base)
    if found is None or (found.month, found.day) != (month, day) or \
            (year is not None and found.year != int(year)):
        # dateparser misread the words (English "set" in "4 set") or could not: the
        # words as written.
        found = (_safe_date(int(year), month, day) if year
                 else _next_on_or_after(month, day, today))
    elif year is None and found != _next_on_or_after(month, day, today):
        # dateparser's "future" moves a date that falls on the receipt day a year on; a
        # deadline written that way means today.
        found = _next_on_or_after(month, day, today)
    return (found, False) if found else None


_LANGS = ("en", "pt", "es")  # tried after the word's own language


@lru_cache(maxsize=1024)
def _dateparser(phrase: str, lang: str | None, base: datetime) -> date | None:
    from dateparser.date import DateDataParser

    languages = [lang, *(x for x in _LANGS if x != lang)] if lang else list(_LANGS)
    parser = DateDataParser(languages=languages, try_previous_locales=False, settings={
        "RELATIVE_BASE": base, "PREFER_DATES_FROM": "future"})
    try:
        found = parser.get_date_data(phrase).date_obj
    except (ValueError, OverflowError, TypeError):
        return None
    return found.date() if found else None
