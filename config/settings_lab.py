"""Dev and test settings: production settings plus the lab app (benchmarks, fault and
load runs, evaluation, red team). Production (``config.settings``) never installs it.

    DJANGO_SETTINGS_MODULE=config.settings_lab python manage.py bench_pipeline
"""

from config.settings import *  # noqa: F403
from config.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "lab"]
