"""Settings for the Charge campaign manager, driven by environment variables.

Development needs none: DEBUG is on and the database is a SQLite file. Production sets DEBUG=0,
SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL and, for several processes, REDIS_URL (see README).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


TRUE_WORDS, FALSE_WORDS = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def env_bool(name: str, default: bool) -> bool:
    """A switch: 1/true/yes/on or 0/false/no/off. Anything else is a typo, and a typo in
    DEBUG=of or HTTPS=flase must not quietly pick a side."""
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value not in TRUE_WORDS + FALSE_WORDS:
        raise ImproperlyConfigured(f"{name}={os.environ[name]!r}: use 1 or 0 (true/false, yes/no, on/off).")
    return value in TRUE_WORDS


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

SECRET_KEY = env("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-key-never-used-in-production-0123456789abcdefghijklmnop"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# The dice systems' apps, in the order a new campaign offers them: each registers itself
# (core/systems.py), so a fifth system is its app named here (docs/adding-a-system.md).
SYSTEM_APPS = env_list("SYSTEM_APPS", "charge,traits,ability,advantage")

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",  # "a minute ago", "il y a 5 minutes", in the reader's language
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "crispy_forms",
    "crispy_bootstrap5",
    "csp",
    "axes",
    "simple_history",
    "core",
    "accounts",
    "campaign",
    "characters",
    "clocks",
    "rolls",
    *SYSTEM_APPS,
    "safety",
    "api",
    "hooks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.languages.ChosenLanguage",
    "core.campaign_words.Forgotten",  # a campaign's own names in each language, per request
    "campaign.live.ChangesOnRecord",  # a write no signal told of still bumps its campaign
    "hooks.middleware.WebhooksAskedOnce",  # a request reads its campaign's webhooks once
    "core.middleware.PrivatePages",
    "core.keys.FreshKeys",  # each served form its own idempotency key
    "simple_history.middleware.HistoryRequestMiddleware",  # who made each recorded change
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "campaign.access.ReadOnlyArchives",
    "core.middleware.FragmentsKeepTheAddress",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.csrf.csrf",
            ],
            # {% translate %} and {% blocktranslate %} in every template, without a {% load %} in each.
            "builtins": ["django.templatetags.i18n", "core.templatetags.words", "core.templatetags.odds"],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(env("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Two taps at once on SQLite: each write transaction takes the write lock when it begins and
    # the other waits its turn, instead of failing with "database is locked" on the lock upgrade.
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
elif DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A database that is away is told within seconds ("taking a breath", core/away.py), not
    # after a hang: connecting, and waiting for the pool, give up after DATABASE_TIMEOUT.
    DATABASE_TIMEOUT = int(env("DATABASE_TIMEOUT", "3"))
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", DATABASE_TIMEOUT)
    if env_bool("DATABASE_POOL", False):
        # Under ASGI (config/asgi.py) a request borrows a connection from the process's pool.
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"]["OPTIONS"]["pool"] = {
            "min_size": 2, "max_size": int(env("DATABASE_POOL_SIZE", "20")), "timeout": DATABASE_TIMEOUT}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL")
# The site's name on Redis, its prefix and its database: two sites on one Redis server never read
# each other's keys (the cache's) or live messages (campaign/push.py).
REDIS_PREFIX = env("REDIS_PREFIX", "charge")
REDIS_SITE = REDIS_PREFIX
if REDIS_URL:
    from redis.connection import parse_url

    REDIS_SITE = f"{REDIS_PREFIX}:{parse_url(REDIS_URL).get('db') or 0}"
    CACHES = {"default": {"BACKEND": "core.cache.RedisCache",
                          "LOCATION": REDIS_URL, "KEY_PREFIX": REDIS_SITE}}
    # Sessions read from Redis, and from the database while Redis is away (core/cache.py).
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    # The live poll reads the campaign's version from the shared cache (campaign/live.py).
    LIVE_VERSION_IN_CACHE = True
else:
    # Room for the renderings of every open table (core/htmx.py), not the default 300 entries.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                          "OPTIONS": {"MAX_ENTRIES": 20_000}}}
    LIVE_VERSION_IN_CACHE = False  # one cache per process: the database stays the one truth

# Live panels rendered once per change and audience, and served from the cache (core/htmx.py).
RENDER_ONCE = env_bool("RENDER_ONCE", True)

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a login while its username and IP are locked out
    "django.contrib.auth.backends.ModelBackend",
]
# Five wrong passwords for one username from one address lock that pair out for 15 minutes.
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
if env_bool("BEHIND_PROXY", False):
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# No inline script or style, no eval: everything the pages run comes from this site.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Email (verification and password reset links): SMTP when EMAIL_HOST is set, else printed to
# the console, as `make run` shows them; the tests read Django's in-memory outbox.
EMAIL_HOST = env("EMAIL_HOST")
EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                 else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(env("EMAIL_PORT", "587"))
EMAIL_HOST_USER = env("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_TIMEOUT = 10  # seconds: a mail server that hangs must not hold a page
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "Charge campaigns <noreply@localhost>")
# A reset link is as good as the password: it lives an hour. A verification link, three days.
PASSWORD_RESET_TIMEOUT = 3600
EMAIL_VERIFICATION_TIMEOUT = 3 * 24 * 3600
# Asking for an emailed link (a password reset, a verification again): at most 5 times in 15
# minutes per IP address and per email, as logins are throttled.
EMAIL_LINKS_LIMIT = 5
EMAIL_LINKS_WINDOW = 15 * 60
# Webhooks (hooks/, docs/webhooks.md): the site's own address, for the links posted to Discord
# (a roll, a recap); and whether a webhook may post to http://127.0.0.1 (development and tests only).
SITE_ADDRESS = env("SITE_ADDRESS", "http://127.0.0.1:8000" if DEBUG else "")
HOOKS_ALLOW_LOOPBACK = env_bool("HOOKS_ALLOW_LOOPBACK", DEBUG)

# The read-only API (api/): at most API_LIMIT requests in API_WINDOW seconds per person, whatever
# their tokens; then 429 with Retry-After. A program polling a campaign every few seconds fits.
API_LIMIT = int(env("API_LIMIT", "120"))
API_WINDOW = int(env("API_WINDOW", "60"))

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français"), ("sv", "Svenska")]
LOCALE_PATHS = [BASE_DIR / "config" / "locale"]
TIME_ZONE = env("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# HTTPS is on whenever DEBUG is off; HTTPS=0 serves plain HTTP on a trusted network (make serve).
HTTPS = env_bool("HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SECURE_REDIRECT_EXEMPT = [r"^health/"]  # a proxy's or orchestrator's plain-HTTP probe (core/health.py)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "31536000")) if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env_bool("BEHIND_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "WARNING")},
}
