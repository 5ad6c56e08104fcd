import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

from triage.bodytime import BodyDeadline

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = BodyDeadline(get_wsgi_application(), seconds=settings.TRIAGE_BODY_TIMEOUT_S,
                           bytes_per_second=settings.TRIAGE_BODY_MIN_BYTES_PER_S)
