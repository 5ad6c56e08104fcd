"""Sender domains that pass for ours or a known counterpart's without being them.

Invoice fraud writes from ``c0tton-trading.com`` or ``cotton-trading.co`` to the people
who know ``cotton-trading.com``. A reading, not a fact: a look-alike sends the email to a
person (``decision.route.review_signals``), never to the desk by itself. Pure: the
known domains (our own, from ``TRIAGE_OWN_ADDRESSES``, and the counterparts'
``TRIAGE_COUNTERPART_DOMAINS``) are passed in by the caller.

A domain is compared by its name, the labels before its public suffix (``cotton-trading``
in ``cotton-trading.com.br``; the suffixes are the Public Suffix List that
``publicsuffixlist`` ships, private ones such as ``github.io`` included, so
``cotton-trading.github.io`` is another ending of the name), as many of its last labels
as the known name has (``mail.c0tton-trading.com`` is ``c0tton-trading`` beside
``cotton-trading.com``). It looks like a known one when it is not that domain nor
under it nor under the same registrable domain (one owner's), and:

* ``letters``: the names are the same once each is reduced to its skeleton: punycode
  (``xn--``) decoded, look-alike letters of other scripts folded to Latin (the
  ``confusable-homoglyphs`` data, as ``readers.text.fold_for_rules`` folds them), accents
  dropped, and the ASCII confusables Unicode lists (``rn`` for ``m``, ``0`` for ``o``,
  ``1`` for ``l``), and ``vv`` for ``w``, replaced;
* ``typo``: the skeletons, hyphens and dots dropped, are equal or one edit apart (one letter
  added, dropped, changed, or two neighbours swapped: ``cottontradlng``, ``cottontrading``,
  ``cotton-tradign``), for names of at least ``MIN_TYPO_LENGTH`` letters;
* ``ending``: the same name under another suffix (``cotton-trading.co``);
* ``inside``: the known domain written inside another (``cotton-trading.com.evil.net``).

Two edits are not a look-alike: a 14-letter name is two edits from many real
businesses (``cotton-trading`` and ``cotton-training``), while the tricks seen in
invoice fraud change one character or borrow letters, which the skeleton catches
however many it borrows. A name shorter than ``MIN_TYPO_LENGTH`` is one edit from
too many others (``olam`` and ``olan``): only its skeleton and ending count.

Linear: each domain is at most 255 characters and compared once with each known one.
The known domains are the same from one email to the next (the configured ones and the
mailbox's correspondents, ``triage.correspondents``: thousands), so each one's parse
and skeletons are kept (``_CACHED`` of each): comparing a sender with them is then a few
string comparisons apiece.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from triage.readers.text import fold_for_rules

MIN_TYPO_LENGTH = 6
MAX_DOMAIN = 255
LETTERS, TYPO, ENDING, INSIDE, AFFIX = "letters", "typo", "ending", "inside", "affix"
# A known name this long written with a word hyphened on ("serradomar-algodao-br",
# "transmed-fr" for "transmed"): a name that short ("abc-tools") is anyone's.
MIN_AFFIX_LENGTH = 7
# Parsed domains and skeletons kept: the known ones recur for every email, each a few
# hundred bytes at most.
_CACHED = 1 << 16


@dataclass(frozen=True)
class Lookalike:
    domain: str  # the sender's domain, punycode decoded
    resembles: str  # the known domain it passes for
    how: str  # LETTERS, TYPO, ENDING or INSIDE


@dataclass(frozen=True)
class _Domain:
    full: str  # lower case, punycode decoded, no trailing dot
    names: tuple[str, ...]  # the labels before the public suffix (none without one)
    suffix: str

    @property
    def registrable(self) -> str:
        return f"{self.names[-1]}.{self.suffix}" if self.names else ""


@lru_cache(maxsize=1)
def _suffixes():
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


@lru_cache(maxsize=1)
def _ascii_confusables() -> tuple[tuple[str, str], ...]:
    """(written, read as) for the ASCII sequences Unicode lists as confusable with an
    ASCII letter: a digit or several letters for one letter. Two single letters (``I``
    and ``l``) are left out: a lower-cased domain has no capital I."""
    from confusable_homoglyphs.confusables import confusables_data

    pairs = {}
    for char, entries in confusables_data.items():
        if not (len(char) == 1 and char.isascii() and char.isalnum()):
            continue
        for entry in entries:
            other = entry["c"]
            if other.isascii() and other.isalnum() and other.lower() != char.lower():
                letter, written = (char, other) if char.isalpha() else (other, char)
                if letter.isalpha() and len(letter) == 1 and (len(written) > 1
                                                               or written.isdigit()):
                    pairs[written.lower()] = letter.lower()
    # "vv" reads as "w" in most fonts, and invoice fraud uses it, but Unicode's table
    # does not list it (it lists "rn" for "m").
    pairs.setdefault("vv", "w")
    # Longer sequences first, so "rn" is read before its letters.
    return tuple(sorted(pairs.items(), key=lambda p: -len(p[0])))


def decode_domain(domain: str) -> str:
    """A domain as the reading compares it and shows it: lower case, no trailing dot,
    punycode decoded (``xn--ctton-trading-i7k.com`` is ``cоtton-trading.com``)."""
    return _decode(domain)


@lru_cache(maxsize=_CACHED)
def _decode(domain: str) -> str:
    labels = []
    for label in domain.strip().strip(".").lower()[:MAX_DOMAIN].split("."):
        if label.startswith("xn--"):
            try:
                label = label.encode("ascii").decode("idna")
            except (UnicodeError, ValueError):
                pass  # not valid punycode: compared as written
        labels.append(label)
    return ".".join(labels)


@lru_cache(maxsize=_CACHED)
def _parse(domain: str) -> _Domain:
    full = _decode(domain)
    registrable = _suffixes().privatesuffix(full)
    if not registrable:
        return _Domain(full, (), "")
    suffix = registrable.partition(".")[2]
    if registrable.partition(".")[0] == "example" and full != registrable:
        # RFC 2606's documentation domains stand for organisations of their own in
        # examples and test mail: "mill.example.com" is a mill's, "example.com" its ending.
        suffix = registrable
    return _Domain(full, tuple(full[:-len(suffix) - 1].split(".")), suffix)


@lru_cache(maxsize=_CACHED)
def skeleton(name: str) -> str:
    """What a name reads as: other scripts' look-alike letters folded to Latin, accents
    dropped, Unicode's ASCII confusables replaced, lower case."""
    text = fold_for_rules(name)
    text = "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c)).lower()
    for written, letter in _ascii_confusables():
        text = text.replace(written, letter)
    return text


def _one_edit_apart(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by at most one insertion, deletion, substitution or
    swap of two neighbours (linear: one pass over the common prefix and suffix)."""
    if abs(len(a) - len(b)) > 1:
        return False
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    end_a, end_b = len(a), len(b)
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a, end_b = end_a - 1, end_b - 1
    rest_a, rest_b = a[start:end_a], b[start:end_b]
    if len(rest_a) <= 1 and len(rest_b) <= 1:
        return True
    return len(rest_a) == len(rest_b) == 2 and rest_a == rest_b[::-1]


def _resembles(sender: _Domain, known: _Domain) -> str:
    """How ``sender`` passes for ``known``, or ''. Names are compared label for label,
    the known domain's whole name and its registrable one: a known
    ``claims.bigmill.com.cn`` is ``claims.bigmill`` beside the sender's last two labels
    before its suffix, and ``bigmill`` beside its last one."""
    if sender.full == known.full or sender.full.endswith("." + known.full):
        return ""  # the domain itself, or one of its own subdomains
    if not sender.names or sender.registrable == known.registrable:
        return ""  # no name, or one owner's domains (the suffix list says who owns what)
    levels = [known.names] + ([known.names[-1:]] if len(known.names) > 1 else [])
    for level, names in enumerate(levels):
        how = _names_resemble(".".join(sender.names[-len(names):]), ".".join(names))
        if how == "same" and level == 0:
            return ENDING
        # The registrable name of a known subdomain (``example`` of
        # ``cottontrade.example.com``) may be anyone's: only its look-alikes count.
        if how in (LETTERS, TYPO):
            return how
    if _affixed(sender.names[-1], known.names[-1]):
        return AFFIX
    labels, inner = sender.full.split("."), known.full.split(".")
    if any(labels[i:i + len(inner)] == inner for i in range(len(labels) - len(inner))):
        return INSIDE
    return ""


def _affixed(name: str, known: str) -> bool:
    """``name`` is ``known`` with a word hyphened before or after it (look-alike letters
    folded first): "serradomar-algodao-ti" for "serradomar-algodao"."""
    name, known = skeleton(name), skeleton(known)
    if len(known.replace("-", "")) < MIN_AFFIX_LENGTH or name == known:
        return False
    return name.startswith(known + "-") or name.endswith("-" + known)


def _names_resemble(tail: str, name: str) -> str:
    if tail == name:
        return "same"  # under another suffix: the registrables differ
    plain_tail, plain_name = skeleton(tail), skeleton(name)
    if plain_tail == plain_name:
        return LETTERS
    plain_tail, plain_name = (plain_tail.replace("-", "").replace(".", ""),
                              plain_name.replace("-", "").replace(".", ""))
    if plain_tail == plain_name or (min(len(plain_tail), len(plain_name)) >= MIN_TYPO_LENGTH
                                    and _one_edit_apart(plain_tail, plain_name)):
        return TYPO
    return ""


def lookalike(domain: str, known: Iterable[str]) -> Lookalike | None:
    """The first known domain that ``domain`` passes for without being it, or None."""
    # "localhost" and the like are nothing anyone could imitate; skipping them first
    # spares a worker that knows no real domain loading the suffix list (0.4 s of CPU).
    targets = [d for d in known if "." in d.strip(".")]
    if not (domain and targets):
        return None
    sender = _parse(domain)
    parsed = [_parse(other) for other in targets]
    if any(sender.full == k.full or sender.full.endswith("." + k.full) for k in parsed):
        return None  # a known domain (a company with two endings lists both)
    for target in parsed:
        if not target.registrable:
            continue
        how = _resembles(sender, target)
        if how:
            return Lookalike(sender.full, target.full, how)
    return None


def sender_lookalikes(addresses: Iterable[str], known: Iterable[str]) -> list[Lookalike]:
    """The look-alikes among the domains of ``addresses`` (From, Reply-To, envelope
    sender), each domain once."""
    known = list(known)
    found: list[Lookalike] = []
    seen: set[str] = set()
    for address in addresses:
        domain = address.rpartition("@")[2].strip().strip(">").lower()
        if not domain or domain in seen:
            continue
        seen.add(domain)
        if hit := lookalike(domain, known):
            found.append(hit)
    return found
