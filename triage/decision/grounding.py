"""Is each value the model extracted backed by the email's own words? (pure: no Django,
no LangChain).

The extraction returns, for every field it fills, a short verbatim quote. A quote is
checked against the email's text (every part the rules read: body, visible HTML,
attachments), both normalised the same way: look-alike letters folded, NFKC, case
folded, every run of whitespace one space, typographic quotes and dashes made plain.
A model may shorten a quote with an ellipsis; each piece must then be in the email, in
order. An amount's quote must also hold the amount (a real "USD 180,000" quoted for an
exposure of 1,800 does not back it), or the two factors it was worked out from.

Each filled field is ``found`` (a quote of it is in the email), ``not_found`` (quotes
were given, none is in the email, or none holds the amount: the value is unsupported)
or ``no_quote``. An unsupported value can add to an escalation (the backstop reads the
figures, whatever the model quoted) but never lower one: ``route`` sends a
non-escalated claim resting on an unsupported amount, currency, deadline or claim type
to a person. A value with no quote is marked and counted, not routed on: a right model
that forgot a quote is not evidence of a wrong value.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from triage.readers import money
from triage.readers.text import fold_for_rules

FOUND, NOT_FOUND, NO_QUOTE = "found", "not_found", "no_quote"

# The fields whose value decides a route: an unsupported one sends the claim to a person.
ROUTING_FIELDS = ("exposure_amount", "exposure_currency", "response_deadline", "claim_types")

_SPACE = re.compile(r"\s+")
_SUM = re.compile(r"\s+\+\s+")
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.+|…|\[\.\.\.\])\s*")
_PLAIN = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                        "\u00ab": '"', "\u00bb": '"', "\u2013": "-", "\u2014": "-",
                        "\u2212": "-", "\u00a0": " ", "\u202f": " "})
# What a model wraps a quote in, and what it drops at the ends.
_EDGES = " \t\"'`.,;:!?()[]"
# A piece this short proves nothing on its own ("a", "USD"): the quote needs a longer one.
_MIN_PIECE = 3


def normalise(text: str) -> str:
    """Text as the quotes are compared: folded, case-free, one space between words, digits
    of every script as ASCII (a model quotes "٢٬٤٨٠٬٠٠٠ جنيه" as "2,480,000 جنيه")."""
    text = money.ascii_figures(fold_for_rules(text).translate(_PLAIN).casefold())
    return _SPACE.sub(" ", text).strip()


def quote_in(quote: str, normalised_text: str) -> bool:
    """Whether ``quote`` (normalised here) is in ``normalised_text``: piece by piece in
    order around an ellipsis; items a model added up (``A + B``) each anywhere."""
    for item in _SUM.split(normalise(quote)):
        pieces = [p.strip(_EDGES) for p in _ELLIPSIS.split(item)]
        pieces = [p for p in pieces if p]
        if not pieces or max(len(p) for p in pieces) < _MIN_PIECE:
            return False
        at = 0
        for piece in pieces:
            found = normalised_text.find(piece, at)
            if found < 0:
                return False
            at = found + len(piece)
    return True


def _holds_amount(quote: str, value: object) -> bool:
    """Whether the quote states ``value``: one of its figures, or its items added up."""
    try:
        wanted = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return False
    items = _SUM.split(quote)
    figures = []
    for item in items:
        read = [m.amount for m in money.find_amounts(item)] or [
            n for n in (money.parse_number(t.strip(" .,'"))
                        for t in re.findall(r"\d[\d.,' ]*", item)) if n is not None]
        figures.append(read)
    if any(_close(f, wanted) for read in figures for f in read):
        return True
    if len(items) > 1 and all(len(read) == 1 for read in figures) and _close(
            sum(read[0] for read in figures), wanted):
        return True
    return _product_of(quote, wanted)


_MAX_FACTORS = 12
_FACTOR = re.compile(r"\d+(?:[.,']\d+)*(?:[ \u00a0]\d{3}(?!\d))*")
# A quantity the rate applies to, or a share: "1,212,560 lbs", "880 bales", "8%".
_QUANTITY = re.compile(r"(?P<n>\d+(?:[.,']\d+)*(?:[ \u00a0]\d{3}(?!\d))*)[ \u00a0]?"
                       r"(?:lbs?|pounds?|libras?|kgs?|kilos?|quilos?|kilogramos?|bales?|fardos?"
                       r"|pacas?|ballen|balles?|balya|mt|tons?|tonnes?|toneladas?|tonnen|t)\b",
                       re.IGNORECASE)
_SHARE = re.compile(r"(?P<n>\d{1,2}(?:[.,]\d{1,2})?)[ \u00a0]?%"
                    r"|%[ \u00a0]?(?P<m>\d{1,2}(?:[.,]\d{1,2})?)")
_CENTS = re.compile(r"\b(?:cents?|c/lb|¢)", re.IGNORECASE)


def _product_of(quote: str, wanted: Decimal) -> bool:
    """A sum the sender left to be worked out, quoted with its two factors: a rate in
    money and the quantity it applies to ("USD 0.0450 per lb ... 1,212,560 lbs"), cents a
    pound and pounds, a share of an invoice ("%8 ... 712.500,00 USD"). Only a money figure
    times a quantity or a share counts, not any two numbers (a contract and a lot
    number); a hundredth of the product only for cents or a share."""
    rates = [m.amount for m in money.find_amounts(quote)[:_MAX_FACTORS]]
    quantities = [money.parse_number(m.group("n")) for m in _QUANTITY.finditer(quote)]
    shares = [money.parse_number(m.group("n") or m.group("m")) for m in _SHARE.finditer(quote)]
    cents = bool(_CENTS.search(quote))
    if cents:  # "6.20 c/lb": the rate is a bare number before the cents
        bare = (money.parse_number(t) for t in _FACTOR.findall(quote)[:_MAX_FACTORS])
        rates += [n for n in bare if n is not None and n < 1000]
    for rate in rates:
        for q in quantities[:_MAX_FACTORS]:
            if q and (_close(rate * q, wanted) or (cents and _close(rate * q / 100, wanted))):
                return True
        for share in shares[:_MAX_FACTORS]:
            if share and _close(rate * share / 100, wanted):
                return True
    return False


def _close(figure: Decimal, wanted: Decimal) -> bool:
    return abs(figure - wanted) <= Decimal("0.005") * max(abs(wanted), 1)


def _filled(claim: dict) -> list[tuple[str, object]]:
    fields = []
    for name, value in claim.items():
        if name in ("quotes", "checklist") or value in (None, "", [], {}):
            continue
        if name == "hvi" and isinstance(value, dict):
            fields += [(f"hvi.{k}", v) for k, v in value.items() if v not in (None, "")]
            continue
        fields.append((name, value))
    return fields


def ground(claim: dict | None, text: str) -> dict[str, str]:
    """``{field: found | not_found | no_quote}`` for every field the extraction filled.
    Linear in the text: it is normalised once, and each quote is searched once."""
    if not claim:
        return {}
    quotes: dict[str, list[str]] = {}
    for q in claim.get("quotes") or []:
        if isinstance(q, dict) and isinstance(q.get("quote"), str) and q["quote"].strip():
            quotes.setdefault(str(q.get("field", "")), []).append(q["quote"][:1000])
    haystack = normalise(text)
    result = {}
    for name, value in _filled(claim):
        given = quotes.get(name) or (quotes.get(name[4:]) if name.startswith("hvi.") else None)
        if not given:
            result[name] = NO_QUOTE
            continue
        backed = [q for q in given if quote_in(q, haystack)]
        if name == "exposure_amount":
            backed = [q for q in backed if _holds_amount(q, value)]
        result[name] = FOUND if backed else NOT_FOUND
    return result


def unsupported(grounding: dict[str, str], fields: tuple[str, ...] | None = None) -> list[str]:
    """The fields whose quotes are not in the email (of ``fields``, when given)."""
    return [f for f, state in grounding.items()
            if state == NOT_FOUND and (fields is None or f in fields)]
