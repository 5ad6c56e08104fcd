"""Settings for the triage console, all read from the environment.

Embedded defaults (no variables set) give a self-contained demo: SQLite in ``data/``
and Celery on kombu's filesystem transport, which needs no server yet is a real
broker shared by separate web and worker processes. Set ``DATABASE_URL`` and
``REDIS_URL`` for PostgreSQL and Redis.
"""

from __future__ import annotations

import hashlib
import os
from datetime import timedelta
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from celery.schedules import crontab
from csp.constants import NONE as CSP_NONE
from csp.constants import SELF as CSP_SELF
from django.core.exceptions import ImproperlyConfigured
from pythonjsonlogger.core import RESERVED_ATTRS as _JSON_RESERVED

from config.env import (
    database_from_url,
    env_bool,
    env_decimal,
    env_float,
    env_int,
    env_list,
    env_rates,
    env_str,
    holiday_dates,
    secret_key_file,
)
from triage.routes import Department

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("TRIAGE_DATA_DIR", str(BASE_DIR / "data")))
DATA_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DEBUG", False)


# Without SECRET_KEY, one generated once and kept in DATA_DIR (0600), so a fresh machine
# runs without a published default key.
SECRET_KEY = env_str("SECRET_KEY") or secret_key_file(DATA_DIR / "secret_key")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "triage.apps.TriageAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "anymail",
    "axes",
    "csp",
    "triage.apps.TriageConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # After sessions, before CommonMiddleware (Django's order): the language comes from
    # the switcher's cookie, else the browser's Accept-Language, else LANGUAGE_CODE.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a refused login into its lockout answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "triage.context_processors.llm_provider",
            ],
        },
    },
]

DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{DATA_DIR / 'triage.sqlite3'}")
DATABASES = {"default": database_from_url(DATABASE_URL, base_dir=BASE_DIR)}
DATABASES["default"]["CONN_MAX_AGE"] = env_int("DB_CONN_MAX_AGE", 60, minimum=0)
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # One test database per checkout: two clones on one machine (a developer's tree and
    # a CI run) never drop each other's.
    _checkout = hashlib.sha1(str(BASE_DIR).encode(), usedforsecurity=False).hexdigest()[:6]
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{_checkout}"}
# A pooled connection that the server dropped is replaced before use, not failed on.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- Language, time zone, calendar -------------------------------------------------
# English and Brazilian Portuguese. A browser that asks for neither gets LANGUAGE_CODE;
# the switcher in the header (Django's set_language) overrides the browser per person,
# in a cookie. Our catalogue is triage/locale (compiled .mo files are committed).
LANGUAGES = [("en", "English"), ("pt-br", "Português (Brasil)")]
_LANGUAGE_CODES = {code for code, _ in LANGUAGES}
LANGUAGE_CODE = env_str("LANGUAGE_CODE", "en").lower()
if LANGUAGE_CODE not in _LANGUAGE_CODES:
    raise ImproperlyConfigured(f"LANGUAGE_CODE must be one of {sorted(_LANGUAGE_CODES)}")
LOCALE_PATHS = [BASE_DIR / "triage" / "locale"]
USE_I18N = True
# Our date, time and number formats (triage/formats/<lang>/formats.py): times to the
# minute with the zone, dates as 15/12/2026 or 2026-12-15, and the input formats the
# forms accept.
FORMAT_MODULE_PATH = ["triage.formats"]
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"
# Notifications and forwards go to mailboxes, not to a browser: their language is set.
TRIAGE_NOTIFICATION_LANGUAGE = env_str("TRIAGE_NOTIFICATION_LANGUAGE", "pt-br").lower()
if TRIAGE_NOTIFICATION_LANGUAGE not in _LANGUAGE_CODES:
    raise ImproperlyConfigured(
        f"TRIAGE_NOTIFICATION_LANGUAGE must be one of {sorted(_LANGUAGE_CODES)}")

# Times are stored in UTC and shown in TIME_ZONE; "today" and business days are this
# zone's too.
TIME_ZONE = env_str("TIME_ZONE", "America/Sao_Paulo")
try:
    ZoneInfo(TIME_ZONE)
except (ZoneInfoNotFoundError, ValueError) as exc:
    raise ImproperlyConfigured(f"TIME_ZONE {TIME_ZONE!r} is not a known time zone") from exc
USE_TZ = True
# Business days skip weekends and these holidays: the country's public holidays from the
# `holidays` library (TRIAGE_HOLIDAYS_COUNTRY, ISO code, empty for none; optionally a
# state or province, TRIAGE_HOLIDAYS_SUBDIV), the days its banks close on too (Brazil's
# Carnival Monday and Tuesday and Corpus Christi; TRIAGE_HOLIDAYS_BANKS=false for the
# public ones only) plus TRIAGE_HOLIDAYS_EXTRA (YYYY-MM-DD,...).
TRIAGE_HOLIDAYS_COUNTRY = env_str("TRIAGE_HOLIDAYS_COUNTRY", "BR").upper()
TRIAGE_HOLIDAYS_SUBDIV = env_str("TRIAGE_HOLIDAYS_SUBDIV") or None
TRIAGE_HOLIDAYS = holiday_dates(TRIAGE_HOLIDAYS_COUNTRY, TRIAGE_HOLIDAYS_SUBDIV,
                                env_list("TRIAGE_HOLIDAYS_EXTRA"),
                                banks=env_bool("TRIAGE_HOLIDAYS_BANKS", True))

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns on every request without it
STORAGES = {
    "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": str(DATA_DIR / "media")},
    },
    # Attachment contents go to their own, swappable backend (S3 via django-storages,
    # say) so the database keeps metadata only.
    "attachments": {
        "BACKEND": env_str(
            "TRIAGE_ATTACHMENT_STORAGE", "django.core.files.storage.FileSystemStorage"
        ),
        "OPTIONS": {"location": env_str("TRIAGE_ATTACHMENT_DIR", str(DATA_DIR / "attachments"))},
    },
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# --- Security (production defaults; DEBUG relaxes the HTTPS-only ones) ------------
SECURE_HTTPS = env_bool("SECURE_HTTPS", not DEBUG)
SESSION_COOKIE_SECURE = SECURE_HTTPS
LANGUAGE_COOKIE_SECURE = SECURE_HTTPS
CSRF_COOKIE_SECURE = SECURE_HTTPS
SECURE_SSL_REDIRECT = SECURE_HTTPS and env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if SECURE_HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HTTPS
SECURE_HSTS_PRELOAD = SECURE_HTTPS and env_bool("SECURE_HSTS_PRELOAD", True)
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("SECURE_BEHIND_PROXY", False) else None
)
# Health checks from the load balancer arrive over plain HTTP. Webhooks do too where a
# proxy terminates TLS and forwards them without X-Forwarded-Proto (or inside a private
# network): only then, by TRIAGE_WEBHOOKS_BEHIND_TLS_PROXY, do they skip the redirect
# (a 301 would make the provider resend the body, and its secret, in the clear).
TRIAGE_WEBHOOKS_BEHIND_TLS_PROXY = env_bool("TRIAGE_WEBHOOKS_BEHIND_TLS_PROXY", False)
SECURE_REDIRECT_EXEMPT = [r"^healthz/$", r"^readyz/$", r"^metrics$"]
if TRIAGE_WEBHOOKS_BEHIND_TLS_PROXY:
    SECURE_REDIRECT_EXEMPT.append(r"^webhooks/")
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
# A working day, not Django's two weeks; and gone with the browser. The server-side
# session expires TRIAGE_SESSION_HOURS after it was last saved either way.
SESSION_COOKIE_AGE = env_int("TRIAGE_SESSION_HOURS", 12, minimum=1) * 3600
SESSION_EXPIRE_AT_BROWSER_CLOSE = env_bool("TRIAGE_SESSION_EXPIRE_AT_BROWSER_CLOSE", True)

# Content-Security-Policy (django-csp 4): everything from our own origin and no inline
# script or style at all, so no nonce is needed: the console's CSS is a static file and
# the admin's scripts are files too. Nothing frames the console, no plugins.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [CSP_SELF],
        "script-src": [CSP_SELF],
        "style-src": [CSP_SELF],
        "object-src": [CSP_NONE],
        "base-uri": [CSP_NONE],
        "form-action": [CSP_SELF],
        "frame-ancestors": [CSP_NONE],
    },
}

# Login throttling (django-axes): after TRIAGE_LOGIN_FAILURE_LIMIT wrong passwords for
# one username from one address, that pair is refused (HTTP 429, even with the right
# password) until TRIAGE_LOGIN_COOLOFF_MINUTES pass without another try; other users and
# other addresses are unaffected. `python manage.py axes_reset_username NAME` lifts it.
# Behind a proxy the address is the proxy's, so the lock is then per username.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("TRIAGE_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("TRIAGE_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# Successful logins are in Django's last_login; failures stay as axes' AccessAttempt rows.
AXES_DISABLE_ACCESS_LOG = True
# Its start-up banner would open every management command's output.
AXES_VERBOSE = False

# --- Email out (notifications) ------------------------------------------------------
EMAIL_HOST = env_str("EMAIL_HOST")
# Without an SMTP host, notifications are written to files in data/outbox.
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
    else "django.core.mail.backends.filebased.EmailBackend",
)
EMAIL_FILE_PATH = DATA_DIR / "outbox"
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "triage@localhost")

# --- Celery ------------------------------------------------------------------------
REDIS_URL = env_str("REDIS_URL")
BROKER_DIR = DATA_DIR / "broker"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        # Redeliver unacked tasks of a dead worker after this long; every retry
        # countdown and time limit below stays well under it.
        "visibility_timeout": env_int("TRIAGE_VISIBILITY_TIMEOUT_S", 3600, minimum=60),
        "socket_connect_timeout": 2,
        "socket_timeout": 5,
        "retry_on_timeout": False,
        "max_retries": 1,
    }
else:
    for sub in ("in", "processed", "control"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    # The filesystem transport has no host; naming one keeps kombu from warning
    # "No hostname was supplied" on every publish.
    CELERY_BROKER_URL = "filesystem://localhost/"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "in"),
        "data_folder_out": str(BROKER_DIR / "in"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
    }
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = env_str("TRIAGE_CELERY_QUEUE", "triage")
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BEAT_SCHEDULE = {
    "sweep-stuck-emails": {
        "task": "triage.tasks.sweep_stuck_emails",
        "schedule": float(env_int("TRIAGE_SWEEP_INTERVAL_S", 60, minimum=5)),
    },
}

# --- Triage ------------------------------------------------------------------------
TRIAGE_WEBHOOK_SECRETS = env_list("TRIAGE_WEBHOOK_SECRET")
TRIAGE_WEBHOOK_TOLERANCE_S = env_int("TRIAGE_WEBHOOK_TOLERANCE_S", 300, minimum=1)
TRIAGE_MAX_EMAIL_BYTES = env_int("TRIAGE_MAX_EMAIL_BYTES", 10 * 1024 * 1024, minimum=1024)
TRIAGE_MAX_ATTACHMENT_BYTES = env_int("TRIAGE_MAX_ATTACHMENT_BYTES", 5 * 1024 * 1024, minimum=0)
# Base64 and JSON framing inflate a message by about a third: let Django read
# bodies up to that, and let the webhook decide with its own limit.
DATA_UPLOAD_MAX_MEMORY_SIZE = TRIAGE_MAX_EMAIL_BYTES * 2
# Mailgun posts each attachment of a parsed message as a file: Django's 100 would refuse
# a claim with 150 bale photos. The body limit bounds them anyway.
DATA_UPLOAD_MAX_NUMBER_FILES = 2000
# Under gunicorn a request body must arrive within this allowance plus its length at
# this rate (triage/bodytime.py): a client trickling a body cannot hold a thread.
TRIAGE_BODY_TIMEOUT_S = env_int("TRIAGE_BODY_TIMEOUT_S", 10, minimum=1)
TRIAGE_BODY_MIN_BYTES_PER_S = env_int("TRIAGE_BODY_MIN_BYTES_PER_S", 100_000, minimum=1_000)
TRIAGE_STUCK_AFTER_S = env_int("TRIAGE_STUCK_AFTER_S", 600, minimum=10)
TRIAGE_SOFT_TIME_LIMIT_S = env_int("TRIAGE_SOFT_TIME_LIMIT_S", 240, minimum=5)
TRIAGE_HARD_TIME_LIMIT_S = env_int("TRIAGE_HARD_TIME_LIMIT_S", 300, minimum=10)
TRIAGE_MAX_RETRIES = env_int("TRIAGE_MAX_RETRIES", 5, minimum=0)
# A run killed at the hard time limit or with its worker (claimed, never finished) is
# re-queued; after this many the email is "failed" for a person, so one poison message
# cannot cycle through the workers forever. Re-triage by staff starts the count again.
TRIAGE_MAX_UNFINISHED_ATTEMPTS = env_int("TRIAGE_MAX_UNFINISHED_ATTEMPTS", 3, minimum=1)
TRIAGE_RETRY_BACKOFF_MAX_S = env_int("TRIAGE_RETRY_BACKOFF_MAX_S", 300, minimum=1)
if TRIAGE_HARD_TIME_LIMIT_S <= TRIAGE_SOFT_TIME_LIMIT_S:
    raise ImproperlyConfigured("TRIAGE_HARD_TIME_LIMIT_S must exceed TRIAGE_SOFT_TIME_LIMIT_S")
if REDIS_URL and (
    TRIAGE_RETRY_BACKOFF_MAX_S * 2 >= CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    or TRIAGE_HARD_TIME_LIMIT_S * 2 >= CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
):
    raise ImproperlyConfigured(
        "TRIAGE_VISIBILITY_TIMEOUT_S must be more than twice the retry backoff cap and "
        "the hard time limit, or Redis redelivers tasks that are still running"
    )

TRIAGE_LLM_PROVIDER = env_str("TRIAGE_LLM_PROVIDER").lower() or (
    "gemini" if (env_str("GOOGLE_API_KEY") or env_str("GEMINI_API_KEY")) else "offline"
)
if TRIAGE_LLM_PROVIDER not in {"gemini", "offline"}:
    raise ImproperlyConfigured("TRIAGE_LLM_PROVIDER must be gemini or offline")
TRIAGE_GEMINI_API_KEY = env_str("GOOGLE_API_KEY") or env_str("GEMINI_API_KEY")
TRIAGE_GEMINI_MODEL = env_str("TRIAGE_GEMINI_MODEL", "gemini-2.5-flash")
TRIAGE_GEMINI_BASE_URL = env_str("TRIAGE_GEMINI_BASE_URL")
TRIAGE_GEMINI_THINKING_BUDGET = env_int("TRIAGE_GEMINI_THINKING_BUDGET", 0, minimum=0)
TRIAGE_LLM_TIMEOUT_S = env_float("TRIAGE_LLM_TIMEOUT_S", 30.0)
# In-client retries for one call; the Celery task retries the whole run on top.
TRIAGE_LLM_CLIENT_RETRIES = env_int("TRIAGE_LLM_CLIENT_RETRIES", 2, minimum=0)
TRIAGE_MAX_LLM_CALLS_PER_EMAIL = env_int("TRIAGE_MAX_LLM_CALLS_PER_EMAIL", 4, minimum=1)
TRIAGE_MAX_CHAIN_INPUT_CHARS = env_int("TRIAGE_MAX_CHAIN_INPUT_CHARS", 20000, minimum=1000)

TRIAGE_ESCALATION_THRESHOLD_USD = env_decimal("TRIAGE_ESCALATION_THRESHOLD_USD", "50000")
TRIAGE_DEADLINE_BUSINESS_DAYS = env_int("TRIAGE_DEADLINE_BUSINESS_DAYS", 2, minimum=0)
# USD per unit of currency. Defaults are indicative; set real rates in production.
TRIAGE_USD_RATES = {
    "USD": env_decimal("TRIAGE_USD_RATE_USD", "1"),
    **env_rates(
        "TRIAGE_USD_RATES",
        "EUR=1.08,GBP=1.27,BRL=0.18,CNY=0.14,INR=0.012,PKR=0.0036,BDT=0.0085,"
        "TRY=0.029,VND=0.000039,CHF=1.12,JPY=0.0066,IDR=0.000064,EGP=0.020,MXN=0.055,"
        "KRW=0.00075,THB=0.028,MAD=0.10,SAR=0.27,AED=0.27,MYR=0.21,HKD=0.128,TWD=0.031,"
        "SGD=0.74,COP=0.00025,PEN=0.27,CLP=0.0011,ARS=0.001,UYU=0.025,AUD=0.66,"
        "CAD=0.73,NZD=0.60,PLN=0.25,CZK=0.044,HUF=0.0027,RON=0.22,BGN=0.55,DKK=0.145,SEK=0.095,"
        "NOK=0.093,ISK=0.0072,UAH=0.024,RSD=0.0092,MKD=0.0175,ALL=0.011,GEL=0.37,"
        "AMD=0.0026,AZN=0.59,KZT=0.0021,UZS=0.000079,TJS=0.092,TMT=0.285,ILS=0.27,"
        "QAR=0.27,KWD=3.25,OMR=2.6,JOD=1.41,TND=0.32,ZAR=0.055,KES=0.0078,NGN=0.00065,"
        "ETB=0.0175,LKR=0.0033,NPR=0.0075,PHP=0.018,KHR=0.00024,MMK=0.00048,MNT=0.00029",
    ),
}
TRIAGE_CHECKLIST_QUESTIONS = env_list(
    "TRIAGE_CHECKLIST_QUESTIONS",
    "Was the claim assessed by an independent surveyor?,"
    "Is contamination confirmed by inspection or lab report?,"
    "Were the bales still sealed and unopened when inspected?,"
    "Are HVI test results attached or quoted?,"
    "Is a weight certificate or weigh-in report provided?,"
    "Is the claim within the contractual notice period?",
)
TRIAGE_TRADING_DESK_EMAILS = env_list("TRIAGE_TRADING_DESK_EMAILS", "trading-desk@localhost")
TRIAGE_DEPARTMENT_EMAILS = {
    Department.FINANCE: env_str("TRIAGE_FINANCE_EMAIL", "finance@localhost"),
    Department.LOGISTICS: env_str("TRIAGE_LOGISTICS_EMAIL", "logistics@localhost"),
    Department.COMMERCIAL: env_str("TRIAGE_COMMERCIAL_EMAIL", "commercial@localhost"),
    Department.OTHER: env_str("TRIAGE_OTHER_EMAIL", "inbox@localhost"),
}
# Where staff open the console (e.g. https://triage.example.com): notifications and
# forwards link to the item there. Unset: no link (the mail says so).
TRIAGE_CONSOLE_URL = env_str("TRIAGE_CONSOLE_URL", "").rstrip("/")
# The From: of a reply staff send to a sender from the console.
TRIAGE_REPLY_FROM_EMAIL = env_str("TRIAGE_REPLY_FROM_EMAIL", DEFAULT_FROM_EMAIL)
# Our own address(es): mail from them is our own notification coming back.
TRIAGE_OWN_ADDRESSES = [a.lower() for a in env_list(
    "TRIAGE_OWN_ADDRESSES", ",".join(dict.fromkeys([DEFAULT_FROM_EMAIL, TRIAGE_REPLY_FROM_EMAIL])))]
# Counterparts' domains (comma-separated): mail from a domain that passes for one of them
# or for ours (c0tton-trading.com, cotton-trading.co) goes to a person.
TRIAGE_COUNTERPART_DOMAINS = [d.lower().strip(".") for d in env_list("TRIAGE_COUNTERPART_DOMAINS")]

# --- Throughput: I/O-bound workers and pooled database connections -------------------
# A triage is almost all waiting on the model's HTTP answers, so a worker keeps many
# emails in flight in one process (Celery's threads pool) instead of a process per
# email. The threads pool enforces no Celery time limit (prefork's rely on signals and
# killing the child): the pipeline stops waiting on the model at 90 % of the soft limit
# and stores its fail-closed run, every model call has its own HTTP timeout, and a run
# that still never finishes is re-queued by the sweeper after twice the hard limit and
# counted towards TRIAGE_MAX_UNFINISHED_ATTEMPTS. TRIAGE_WORKER_POOL=prefork restores
# Celery's enforced limits, one process per email in flight (set the concurrency to
# the processes you can afford then).
TRIAGE_WORKER_POOL = env_str("TRIAGE_WORKER_POOL", "threads")
if TRIAGE_WORKER_POOL not in {"threads", "prefork", "solo"}:
    raise ImproperlyConfigured("TRIAGE_WORKER_POOL must be threads, prefork or solo")
CELERY_WORKER_POOL = TRIAGE_WORKER_POOL
# Emails in flight per worker process: 16 suits a 2-core machine at ~300 ms per model
# call (CPU per email is a few ms); the model's rate limit is the other bound.
CELERY_WORKER_CONCURRENCY = env_int("TRIAGE_WORKER_CONCURRENCY", 16, minimum=1)
# PostgreSQL: one bounded psycopg pool per process, shared by its threads, instead of a
# connection per thread (CONN_MAX_AGE) or per request. A task returns its connection
# while it waits on the model, so a pool smaller than the concurrency serves it; a
# thread that finds the pool exhausted waits up to TRIAGE_DB_POOL_TIMEOUT_S, then fails
# like a dropped connection (the task retries). 0 turns the pool off (CONN_MAX_AGE).
TRIAGE_DB_POOL_MAX = env_int("TRIAGE_DB_POOL_MAX", 8, minimum=0)
if DATABASES["default"]["ENGINE"].endswith("postgresql") and TRIAGE_DB_POOL_MAX:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps them; Django must not
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, TRIAGE_DB_POOL_MAX), "max_size": TRIAGE_DB_POOL_MAX,
        "timeout": env_float("TRIAGE_DB_POOL_TIMEOUT_S", 10.0),
        # A connection the server dropped is replaced, not handed out (the pool's own
        # check, which CONN_HEALTH_CHECKS selects), and none lives forever.
        "max_idle": 300, "max_lifetime": 1800,
    }

ANYMAIL = {
    "MAILGUN_WEBHOOK_SIGNING_KEY": env_str("MAILGUN_WEBHOOK_SIGNING_KEY"),
    # "user:password" for basic auth on every anymail webhook (Postmark uses only this).
    "WEBHOOK_SECRET": env_list("ANYMAIL_WEBHOOK_SECRET") or None,
}

# --- Operations and data protection (issue 14) ---------------------------------------
# Metrics: prometheus-client's multiprocess mode, so web processes and Celery workers on
# this host add to the same counters and one /metrics serves them all. It reads the
# variable when first imported, which is after settings: set it here if unset. Empty
# means per-process metrics (each process shows only its own). Wipe the folder before
# starting the processes of a new deployment.
if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(DATA_DIR / "metrics")
if os.environ["PROMETHEUS_MULTIPROC_DIR"]:
    Path(os.environ["PROMETHEUS_MULTIPROC_DIR"]).mkdir(parents=True, exist_ok=True)
# Set: /metrics wants "Authorization: Bearer <token>". Unset: loopback clients only.
TRIAGE_METRICS_TOKEN = env_str("TRIAGE_METRICS_TOKEN")
# Bound of each /readyz/ check and of the scrape-time queries (database, broker).
TRIAGE_READY_TIMEOUT_S = env_float("TRIAGE_READY_TIMEOUT_S", 2.0)
# Logs: "plain" lines or "json" (python-json-logger), both through the sanitising filter.
TRIAGE_LOG_FORMAT = env_str("TRIAGE_LOG_FORMAT", "plain").lower()
if TRIAGE_LOG_FORMAT not in {"plain", "json"}:
    raise ImproperlyConfigured("TRIAGE_LOG_FORMAT must be plain or json")
# One INFO line per HTTP request (runserver's access log) only when asked for.
TRIAGE_LOG_REQUESTS = env_bool("TRIAGE_LOG_REQUESTS", False)
# Retention (LGPD), in days counted from receipt; 0 keeps forever. purge_expired (daily,
# by beat) removes: the raw message, its HTML and attachment files after RAW; bodies,
# subject, addresses and extracted personal fields after CONTENT; the email with its
# decisions and audit after RECORDS, leaving a tombstone (who, when, why) each time.
TRIAGE_RETAIN_RAW_DAYS = env_int("TRIAGE_RETAIN_RAW_DAYS", 180, minimum=0)
TRIAGE_RETAIN_CONTENT_DAYS = env_int("TRIAGE_RETAIN_CONTENT_DAYS", 730, minimum=0)
TRIAGE_RETAIN_RECORDS_DAYS = env_int("TRIAGE_RETAIN_RECORDS_DAYS", 1825, minimum=0)
_retention = [d or 10**6 for d in (TRIAGE_RETAIN_RAW_DAYS, TRIAGE_RETAIN_CONTENT_DAYS,
                                   TRIAGE_RETAIN_RECORDS_DAYS)]
if _retention != sorted(_retention):
    raise ImproperlyConfigured("retention must not shrink: TRIAGE_RETAIN_RAW_DAYS <= "
                               "TRIAGE_RETAIN_CONTENT_DAYS <= TRIAGE_RETAIN_RECORDS_DAYS")
CELERY_INCLUDE = ["triage.privacy_tasks"]
CELERY_BEAT_SCHEDULE["purge-expired-content"] = {
    "task": "triage.privacy_tasks.purge_expired",
    "schedule": crontab(hour=env_int("TRIAGE_PURGE_HOUR", 3, minimum=0), minute=17),
}

# --- Logging: one filter on every handler neutralises sender/model text -------------
LOG_LEVEL = env_str("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        # context first: the email and task ids it adds are then cleaned like the rest.
        "context": {"()": "triage.logcontext.ContextFilter"},
        "sanitize": {"()": "triage.logging.SanitizeFilter"},
        "expected": {"()": "triage.logging.ExpectedRejectionFilter"},
    },
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(context)s%(message)s"},
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(email_id)s %(task_id)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
            # The sanitiser's marker and the plain format's prefix are not fields.
            "reserved_attrs": [*_JSON_RESERVED, "context", "_triage_sanitized"],
        },
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": TRIAGE_LOG_FORMAT,
            "filters": ["context", "sanitize"],
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "celery": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # Django's default config gives runserver's request lines a handler of their own
        # (and no propagation): naming the console here puts them through the filters.
        "django.server": {"handlers": ["console"], "propagate": False,
                          "level": "INFO" if TRIAGE_LOG_REQUESTS else "WARNING"},
        # A scanner's bad Host header is expected input: one line, no traceback.
        "django.security.DisallowedHost": {"filters": ["expected"]},
        # One INFO line per HTTP request to the model provider is noise, not audit.
        "httpx": {"level": "WARNING"},
        "httpx2": {"level": "WARNING"},
        "google_genai": {"level": "WARNING"},
        # A malformed PDF from a sender is expected input, not an operator's problem.
        "pypdf": {"level": "ERROR"},
    },
}
