import os

from celery import Celery
from celery.signals import task_failure, task_postrun, task_prerun, task_retry

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("triage")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Every task's log lines carry its task id, and the email id when its first argument
# is one (the triage task's is); retries and failures are counted. Connected here, in
# the worker's own module, so the tasks themselves stay thin.
_TASKS_ON_AN_EMAIL = {"triage.tasks.triage_email"}


@task_prerun.connect
def _bind_log_context(task_id=None, task=None, args=None, **_) -> None:
    from triage import logcontext

    email_id = args[0] if task and task.name in _TASKS_ON_AN_EMAIL and args else None
    logcontext.bind(email_id=email_id if isinstance(email_id, int) else None,
                    task_id=task_id or "")


@task_postrun.connect
def _clear_log_context(**_) -> None:
    from triage import logcontext

    logcontext.clear()


@task_retry.connect
def _count_retry(sender=None, **_) -> None:
    from triage import metrics

    metrics.task_retried(getattr(sender, "name", "unknown"))


@task_failure.connect
def _count_failure(sender=None, **_) -> None:
    from triage import metrics

    metrics.task_failed(getattr(sender, "name", "unknown"))
