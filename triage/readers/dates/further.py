"""Response deadlines in Indonesian (and Malay), Japanese, Korean, Thai and Arabic: a date
or a duration with its cue ("paling lambat 4 Desember", "dalam 2 hari kerja",
"12月4日までに", "3営業日以内", "12월 4일까지", "48시간 이내", "ภายในวันที่ 4 ธันวาคม",
"ภายใน 3 วันทำการ", "في موعد أقصاه 4 ديسمبر", "خلال 48 ساعة"), read on the normalised,
lower-cased text as the other patterns are.

Only a deadline set for us counts, so the sentence must ask something of us ("mohon",
"ください", "바랍니다", "กรุณา", "يرجى", ...): the sender's own promise in these languages
("kami akan mengirim dalam 2 hari", "12月4日までに発送いたします") asks nothing and is
not read. Durations use the group names of ``cues._DUR_RE`` (``n``, ``bd``, ``h``,
``wk``, ``d``) and are read by ``reading._read_duration``; dates by ``read_date``.
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, timedelta

_MONTHS = {
    **{m: i for i, m in enumerate(("januari", "februari", "maret", "april", "mei", "juni",
                                   "juli", "agustus", "september", "oktober", "november",
                                   "desember"), 1)},
    "mac": 3, "jun": 6, "julai": 7, "ogos": 8, "disember": 12, "feb": 2, "agu": 8,
    "okt": 10, "nov": 11, "des": 12,
    **{m: i for i, m in enumerate(("มกราคม", "กุมภาพันธ์", "มีนาคม", "เมษายน", "พฤษภาคม",
                                   "มิถุนายน", "กรกฎาคม", "สิงหาคม", "กันยายน", "ตุลาคม",
                                   "พฤศจิกายน", "ธันวาคม"), 1)},
    **{m: i for i, m in enumerate(("يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو",
                                   "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"), 1)},
    "إبريل": 4, "ابريل": 4, "اكتوبر": 10,
}
_MONTHS = {unicodedata.normalize("NFC", k): v for k, v in _MONTHS.items()}
_RELATIVE = {"hari ini": 0, "besok": 1, "esok": 1, "lusa": 2, "本日": 0, "今日": 0,
             "明日": 1, "あす": 1, "오늘": 0, "내일": 1, "모레": 2, "วันนี้": 0,
             "พรุ่งนี้": 1, "วันพรุ่งนี้": 1, "اليوم": 0, "الغد": 1, "غدا": 1, "غداً": 1}
_MONTH_ALT = "|".join(sorted(map(re.escape, _MONTHS), key=len, reverse=True))
_REL_ALT = "|".join(sorted(map(re.escape, _RELATIVE), key=len, reverse=True))
_DAY = r"(?P<xd>3[01]|[12]\d|0?[1-9])"
_YEAR = r"(?P<xy>(?:19|20|25)\d\d)"
# A date: "4 Desember 2026", "4 ธันวาคม 2569" (a Buddhist year), "4 ديسمبر", "12月4日",
# "12월 4일", "2026年12月4日", or a relative word.
_DATE = (rf"(?:{_DAY} (?P<xmw>{_MONTH_ALT})(?: {_YEAR})?"
         rf"|(?:(?P<cy>(?:19|20)\d\d) ?[年년] ?)?(?P<cm>1[0-2]|0?[1-9]) ?[月월] ?"
         rf"(?P<cd>3[01]|[12]\d|0?[1-9]) ?[日일](?: ?[(（][^)）]{{1,3}}[)）])?"
         rf"|(?P<xrel>{_REL_ALT}))")
_BEFORE = (r"(?:paling lambat|selambat-lambatnya|selewat-lewatnya|sebelum|hingga|sampai|"
           r"tenggat|batas waktu|期限|締切|마감|기한|ภายใน|ก่อน|ไม่เกิน|في موعد أقصاه|"
           r"موعد أقصاه|قبل|بحلول|حتى|آخر موعد)")
_AFTER = r"(?:までに|まで|迄に|迄|까지|이전에|전까지)"
# A cue before the date or after it (``cued`` tells a bare date from a deadline).
# A time between the cue and the date: "sebelum jam 5.00 petang, 23 April".
_TIME = r"(?:(?:jam|pukul) \d{1,2}(?:[.:]\d\d)?(?: (?:pagi|petang|sore|malam|wib|myt))?,? )?"
# A weekday before the date: "في موعد أقصاه يوم الأربعاء ٣ مارس", "paling lambat hari Jumat,
# 23 April".
_WEEKDAY = (r"(?:(?:الأحد|الاثنين|الإثنين|الثلاثاء|الأربعاء|الخميس|الجمعة|السبت|senin|selasa"
            r"|rabu|kamis|jumat|jum'at|jumaat|sabtu|minggu|ahad|isnin|khamis),? )?")
DATE_RE = re.compile(
    rf"(?:(?P<before>{_BEFORE})(?:[:：]| )?{_TIME}(?:(?:tanggal|tgl\.?|hari|วันที่|วัน|يوم) ?)?"
    rf"{_WEEKDAY})?"
    rf"{_DATE}(?: ?(?P<after>{_AFTER}))?")
DUR_RE = re.compile(
    r"(?:(?:dalam|dalam waktu|selama|paling lambat|ภายใน|ไม่เกิน|خلال|في غضون|في خلال)"
    r" ?(?P<n>\d{1,3}) ?(?:(?P<bd>hari kerja|hari bekerja|วันทำการ|أيام عمل|يوم عمل)"
    r"|(?P<h>jam|ชั่วโมง|ساعة)|(?P<wk>minggu|สัปดาห์|أسابيع|أسبوع)|(?P<d>hari|วัน|أيام|يوم))"
    r"|(?P<n2>\d{1,3}) ?(?:(?P<bd2>営業日|영업일|근무일)|(?P<h2>時間|시간)|(?P<wk2>週間|주)"
    r"|(?P<d2>日|일)) ?(?:以内|内|이내|안에|내))")
# Arabic writes two days and two hours as one word.
DUAL_RE = re.compile(r"(?:خلال|في غضون) (?P<dual>يومين|ساعتين|يومي عمل)")
HAS_SCRIPT = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0e00-\u0e7f\u0600-\u06ff]"
                        "|paling lambat|selambat|selewat|dalam|sebelum|hingga|sampai|tenggat")
# The sentence asks something of us (a request, a demand, "you").
_ASKS = re.compile(
    r"\b(?:mohon|harap|diminta|dimohon|wajib|harus|sila|silakan|agar|anda|bapak|ibu|"
    r"pihak anda|kami tunggu|kami menunggu|memerlukan|tuan)\b|"
    r"ください|下さい|願います|お願い|いただ|求め|必要|"
    r"貴社|바랍니다|주십시오|주시기|해 주세요|부탁|요청|요구|귀사|กรุณา|โปรด|ขอให้|ต้อง|ท่าน|"
    r"يرجى|نرجو|الرجاء|نطالب|يجب|عليكم|منكم|نأمل")
_BREAK = re.compile(r"[.!?。！？؟\n]")


def cued(m: re.Match[str]) -> bool:
    """A date with its cue, or a duration (``DUR_RE`` and ``DUAL_RE`` carry theirs)."""
    return "xd" not in m.re.groupindex or bool(m.group("before") or m.group("after"))


def asks_us(low: str, start: int, end: int) -> bool:
    """Whether the sentence around ``low[start:end]`` asks something of us."""
    a = max((m.end() for m in _BREAK.finditer(low, max(0, start - 160), start)),
            default=max(0, start - 160))
    b = _BREAK.search(low, end, min(len(low), end + 160))
    return bool(_ASKS.search(low, a, b.start() if b else min(len(low), end + 160)))


class _Dur:
    """A duration match seen through ``cues._DUR_RE``'s group names."""

    def __init__(self, m: re.Match[str]) -> None:
        g = m.groupdict()
        dual = g.get("dual")
        self._g = {
            "n": g.get("n") or g.get("n2") or ("2" if dual else None),
            "bd": g.get("bd") or g.get("bd2") or (dual if dual == "يومي عمل" else None),
            "h": g.get("h") or g.get("h2") or (dual if dual == "ساعتين" else None),
            "wk": g.get("wk") or g.get("wk2"),
            "d": g.get("d") or g.get("d2") or (dual if dual == "يومين" else None),
        }

    def group(self, name: str) -> str | None:
        return self._g.get(name)

    def groupdict(self) -> dict[str, str | None]:
        return dict(self._g)


def duration(m: re.Match[str]) -> _Dur:
    return _Dur(m)


def read_date(m: re.Match[str], base: datetime) -> tuple[date, bool] | None:
    """The date of a ``DATE_RE`` match, on or after the receipt day (a date without a
    year that has passed is next year's)."""
    g = m.groupdict()
    today = base.date()
    if g.get("xrel"):
        return today + timedelta(days=_RELATIVE[g["xrel"]]), False
    if g.get("xmw"):
        month, day, year = _MONTHS[g["xmw"]], int(g["xd"]), g.get("xy")
    else:
        month, day, year = int(g["cm"]), int(g["cd"]), g.get("cy")
    y = int(year) - 543 if year and int(year) > 2400 else (int(year) if year else today.year)
    try:
        when = date(y, month, day)
        if not year and when < today:
            when = date(y + 1, month, day)
    except ValueError:
        return None
    return when, False
