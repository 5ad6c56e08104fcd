"""Typed readers for environment settings that fail loudly.

A setting that is present but malformed raises ``ImproperlyConfigured`` at start-up
instead of silently falling back to a default: ``DEBUG=ture`` must not mean "off".
Secrets may also come from ``NAME_FILE`` (a path), for Docker/Kubernetes secrets.
"""

from __future__ import annotations

import os
import secrets
import stat
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import holidays
from dateutil.easter import easter
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, default: str = "") -> str:
    file_path = os.environ.get(f"{name}_FILE")
    if file_path:
        try:
            return Path(file_path).read_text().strip()
        except OSError as exc:
            raise ImproperlyConfigured(f"{name}_FILE={file_path!r} cannot be read: {exc}") from exc
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}")


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be an integer, not {raw!r}") from exc
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name} must be >= {minimum}, not {value}")
    return value


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be a number, not {raw!r}") from exc


def env_decimal(name: str, default: str) -> Decimal:
    raw = os.environ.get(name) or default
    try:
        return Decimal(raw)
    except InvalidOperation as exc:
        raise ImproperlyConfigured(f"{name} must be a decimal number, not {raw!r}") from exc


def env_list(name: str, default: str = "") -> list[str]:
    raw = env_str(name, default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_rates(name: str, default: str) -> dict[str, Decimal]:
    """Parse ``EUR=1.08,BRL=0.18`` into {currency: USD per unit}."""
    rates: dict[str, Decimal] = {}
    for item in env_list(name, default):
        code, sep, value = item.partition("=")
        code = code.strip().upper()
        if not sep or len(code) != 3 or not code.isalpha():
            raise ImproperlyConfigured(f"{name}: expected CODE=rate, got {item!r}")
        try:
            rate = Decimal(value)
        except InvalidOperation as exc:
            raise ImproperlyConfigured(f"{name}: rate for {code} is not a number") from exc
        if rate <= 0:
            raise ImproperlyConfigured(f"{name}: rate for {code} must be positive")
        rates[code] = rate
    return rates


def database_from_url(url: str, *, base_dir: Path) -> dict:
    """Translate ``postgres://user:pass@host:5432/name`` or ``sqlite:///path`` into
    a Django DATABASES entry."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    if scheme == "sqlite":
        path = unquote(parts.path)
        if path.startswith("/") and not url.startswith("sqlite:////"):
            path = path[1:]
        name = Path(path) if Path(path).is_absolute() else base_dir / path
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(name)}
    if scheme in {"postgres", "postgresql", "pgsql"}:
        options = dict(parse_qsl(parts.query))
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": unquote(parts.path.lstrip("/")) or "triage",
            "USER": unquote(parts.username or ""),
            "PASSWORD": unquote(parts.password or ""),
            "HOST": parts.hostname or "",
            "PORT": str(parts.port or ""),
            "OPTIONS": options,
        }
    raise ImproperlyConfigured(f"DATABASE_URL scheme {scheme!r} is not supported")



def secret_key_file(path: Path) -> str:
    """The key kept in ``path``, created on first use. The file is born 0600 with its
    content (written under a private temporary name, then hard-linked into place), so it
    is never readable by others nor seen empty by a process starting at the same time;
    of two first starts, the one that links second reads the winner's key."""
    if not path.exists():
        tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_urlsafe(50))
                handle.flush()
                os.fsync(handle.fileno())
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink(missing_ok=True)
    if stat.S_IMODE(path.stat().st_mode) & 0o077:
        raise ImproperlyConfigured(f"{path} is readable by other users: chmod 600 it, and "
                                   "rotate the key if others could have read it")
    return path.read_text().strip()


# Days the country's banks and exchanges close on beyond its public holidays, in days
# from Easter Sunday: Brazil's financial calendar (ANBIMA, FEBRABAN) adds the Monday and
# Tuesday of Carnival and Corpus Christi, which the law leaves optional.
_BANK_HOLIDAYS_FROM_EASTER = {"BR": (-48, -47, 60)}


def holiday_dates(country: str, subdiv: str | None, extra: list[str], *,
                  years: range | None = None, banks: bool = True) -> frozenset[date]:
    """Public holidays of ``country`` (the ``holidays`` library; empty for none) for the
    years around now, with the days its banks close on (``banks``), plus ``extra`` dates
    (YYYY-MM-DD). A data set, so the business-day code that uses it stays pure."""
    if years is None:
        this_year = date.today().year
        years = range(this_year - 1, this_year + 6)
    found: set[date] = set()
    if country:
        try:
            found.update(holidays.country_holidays(country, subdiv=subdiv, years=years))
        except NotImplementedError as exc:
            raise ImproperlyConfigured(
                f"TRIAGE_HOLIDAYS_COUNTRY={country!r} (subdivision {subdiv!r}) is not known "
                f"to the holidays library") from exc
        if banks:
            found.update(easter(year) + timedelta(days=offset) for year in years
                         for offset in _BANK_HOLIDAYS_FROM_EASTER.get(country, ()))
    for item in extra:
        try:
            found.add(date.fromisoformat(item))
        except ValueError as exc:
            raise ImproperlyConfigured(
                f"TRIAGE_HOLIDAYS_EXTRA: expected YYYY-MM-DD, got {item!r}") from exc
    return frozenset(found)
