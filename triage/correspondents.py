"""Who writes to us: the domains of the mailbox's own correspondents, known to the
look-alike reading beside the configured ones (``TRIAGE_OWN_ADDRESSES``,
``TRIAGE_COUNTERPART_DOMAINS``). Nobody configures every counterpart, but the mailbox
knows them: ``rupganj-spinnlng.example.com`` passes for ``rupganj-spinning.example.com``
because the latter has been writing to us for years.

``services.correspondents`` counts each stored email's From domain (``CorrespondentDomain``)
in the email's own transaction; this module reads the set back (once per
``CACHE_SECONDS`` per process) and holds the pure rules both share:

* a domain is a correspondent once it has written to us and **none** of its stored mail
  was read as a look-alike on arrival (``flagged``). The fraudster's first mail is
  flagged against the real domain, so the look-alike never becomes "known" by writing
  again, however often it writes; a real company whose domain happens to resemble
  another correspondent's is listed in ``TRIAGE_COUNTERPART_DOMAINS`` (a configured
  domain is never a look-alike);
* our own domains and free-mail providers' (``FREE_MAIL``) are never correspondents: ours
  are compared anyway, and a domain one letter from ``gmail.com`` is anyone's, not a
  counterpart's.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from django.conf import settings
from django.db import connection

from triage.models import CorrespondentDomain
from triage.readers.signals.senders import decode_domain

# A worker reads the set once per this many seconds: a domain that starts writing is
# known to every process within it (the look-alike reading of a brand-new pair in the
# same half-minute is the only thing it can miss).
CACHE_SECONDS = 30.0

# Free-mail providers (and their subdomains): a person's mailbox, not an organisation
# whose look-alikes mean anything. The large international ones with their main
# country endings, and those common where the trade writes from (Brazil, China,
# Germany, France, Italy, India, Russia, Korea).
FREE_MAIL = frozenset({
    "gmail.com", "googlemail.com", "outlook.com", "outlook.com.br", "hotmail.com",
    "hotmail.com.br", "hotmail.co.uk", "hotmail.fr", "hotmail.it", "live.com", "msn.com",
    "yahoo.com", "yahoo.com.br", "yahoo.co.uk", "yahoo.co.in", "yahoo.fr", "ymail.com",
    "icloud.com", "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com",
    "zoho.com", "gmx.com", "gmx.net", "gmx.de", "web.de", "t-online.de", "libero.it",
    "orange.fr", "wanadoo.fr", "uol.com.br", "bol.com.br", "terra.com.br", "ig.com.br",
    "qq.com", "foxmail.com", "163.com", "126.com", "yeah.net", "sina.com", "sina.cn",
    "sohu.com", "aliyun.com", "naver.com", "rediffmail.com", "mail.ru", "yandex.ru",
    "yandex.com",
})


def own_domains() -> tuple[str, ...]:
    """Our own domains: those of ``TRIAGE_OWN_ADDRESSES``."""
    return tuple(dict.fromkeys(d for a in settings.TRIAGE_OWN_ADDRESSES
                               if (d := a.rpartition("@")[2].strip().strip(".").lower())))


def _under(domain: str, parents: Iterable[str]) -> bool:
    return any(domain == p or domain.endswith("." + p) for p in parents)


def correspondent_domain(address: str, own: Iterable[str]) -> str:
    """The domain of ``address`` as a correspondent's (lower case, as written), or ''
    when it is none: no domain, ours or under ours, a free-mail provider's."""
    domain = address.rpartition("@")[2].strip().strip(">").strip(".").lower()[:255]
    if "." not in domain or _under(domain, own) or _under(domain, FREE_MAIL):
        return ""
    return domain


def was_flagged(domain: str, flags: dict | None) -> bool:
    """Whether an email's ``lookalike_sender`` flag (set at ingestion) names ``domain``
    itself: a look-alike From. A look-alike Reply-To beside a real From does not count
    against the From's domain (else a forger could make a real correspondent unknown)."""
    found = (flags or {}).get("lookalike_sender")
    if not (domain and isinstance(found, list)):
        return False
    plain = decode_domain(domain)
    return any(isinstance(f, dict) and f.get("domain") == plain for f in found)


_cache: tuple[float, tuple[str, ...]] | None = None
# Whether this process has seen the table: once migrated it stays, so the catalogue is
# not read again on every refresh.
_table_seen = False


def known_correspondents() -> tuple[str, ...]:
    """The domains that have written to us with none of their mail flagged as a
    look-alike, without ours and free-mail's: read once per ``CACHE_SECONDS`` in a
    process (one indexed-free scan of a table of one row per domain)."""
    global _cache, _table_seen
    now = time.monotonic()
    if _cache is not None and now - _cache[0] < CACHE_SECONDS:
        return _cache[1]
    own = own_domains()
    _table_seen = _table_seen or (
        CorrespondentDomain._meta.db_table in connection.introspection.table_names())
    if not _table_seen:
        # A database never migrated (triage_message in a fresh checkout, a benchmark with
        # no mailbox): no mail has been stored, so no domain has written to us.
        found: tuple[str, ...] = ()
    else:
        found = tuple(d for d in CorrespondentDomain.objects.filter(flagged=0, emails__gt=0)
                      .order_by("domain").values_list("domain", flat=True)
                      if not (_under(d, own) or _under(d, FREE_MAIL)))
    _cache = (now, found)
    return found


def forget_known() -> None:
    """Read the table again on the next call (tests; a process that just changed it)."""
    global _cache
    _cache = None
