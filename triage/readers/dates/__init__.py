"""Written dates, response deadlines and business days.

A deadline is read only where the sender sets a time by which *we* must respond, act,
pay or settle: a cue ("by", "within", "até", "prazo", "hasta", "plazo", "due", "respond
... today", and "bis", "avant", "entro", "trước", "innerhalb von", "sous", "trong vòng")
before a date phrase, a cue after it ("failing which", "at the latest", "caso
contrário", "como muy tarde", Turkish "cuma gününe kadar", "5 iş günü içinde"), or an
end-of-day word ("today COB"). Chinese has its own pattern, with no spaces and its cue
around the date ("请于12月4日前", "在周五之前", "3个工作日内"); Indonesian, Japanese,
Korean, Thai and Arabic have theirs (``further``: "paling lambat 4 Desember",
"12月4日までに", "12월 4일까지", "ภายใน 3 วันทำการ", "خلال 48 ساعة"), read only in a
sentence that asks something of us. Dates without
a cue (shipment, invoice and B/L dates, "Contract dated 12/03/2026") are not deadlines,
and neither are the sender's own promises ("we will send photos by Friday"), absences
("out of the office until 1 December") or facts ("shipped before 3 November"): the last
such marker in the clause before the cue decides, so "we will act unless you pay by
Monday" is still ours. Quoted ``>`` lines are someone else's words and are skipped.

Parsing the located phrase (at most ``MAX_PHRASE`` characters):
* month-name dates, weekday names and today/tomorrow words go to ``dateparser``
  (en/pt/es and de/fr/it/tr/vi, ``RELATIVE_BASE`` = the receipt time in its own zone,
  ``PREFER_DATES_FROM='future'``); it never sees a whole email.
* home-made, where dateparser cannot do what a deadline needs:
  - numeric and ISO dates: dateparser silently picks one of DD/MM and MM/DD, and with
    ``PREFER_DATES_FROM='future'`` reads "15.12.26" as 2126 and "12/15" as 12 Dec 2115;
    we need both readings to take the earlier one and mark it ambiguous (fail closed);
  - durations ("within 48 hours", "5 dias úteis"): arithmetic; business days are not
    dateparser's; number words go through text2num;
  - a date without a year that falls on the receipt day: dateparser's "future" moves it
    a year on, a deadline means today;
  - end of day/EOD/COB (today), "depois de amanhã"/"pasado mañana",
    "esta noche"/"hoje à noite", "esta sexta-feira"/"el próximo viernes" (dateparser reads
    none of them), and ordinal marks such as "1º de dezembro";
  - a guard: when dateparser's day or month disagrees with the words it was given (it
    reads "19 set" as English), the words win.

Linear time: the text is normalised once (whitespace runs collapsed to one character) and
lower-cased; every pattern starts with literal cue words, every repeat in it is bounded
and its fillers are possessive, so a try costs a constant whatever the text; at most
``MAX_CANDIDATES`` phrases per email are read.

Modules by concern: ``parse`` (month and weekday words, ``Deadline``, ``parse_date``),
``cues`` (the cue and date-phrase patterns), ``reading`` (the date a located phrase
names), ``deadlines`` (finding deadlines set for us) and ``business`` (business days).
"""

from __future__ import annotations

from triage.readers.dates.business import (
    NO_HOLIDAYS,
    add_business_days,
    business_days_between,
)
from triage.readers.dates.deadlines import (
    earliest_deadline,
    find_deadlines,
    response_deadline,
)
from triage.readers.dates.parse import MAX_CANDIDATES, MAX_PHRASE, Deadline, parse_date

__all__ = [
    "MAX_CANDIDATES",
    "MAX_PHRASE",
    "NO_HOLIDAYS",
    "Deadline",
    "add_business_days",
    "business_days_between",
    "earliest_deadline",
    "find_deadlines",
    "parse_date",
    "response_deadline",
]



