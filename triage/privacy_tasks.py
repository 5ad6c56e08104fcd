"""Thin Celery task for retention (beat runs it daily: ``CELERY_BEAT_SCHEDULE``).
Apart from ``triage.tasks`` so the triage task module stays about triage."""

from __future__ import annotations

from celery import shared_task

from triage.services.retention import purge_expired as purge


@shared_task(name="triage.privacy_tasks.purge_expired", ignore_result=True)
def purge_expired() -> dict[str, int]:
    return purge()
