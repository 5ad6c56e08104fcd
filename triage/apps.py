from django.apps import AppConfig


class TriageConfig(AppConfig):
    name = "triage"
    verbose_name = "Triage"

    def ready(self) -> None:
        # Connects the anymail inbound signal to the ingestion service.
        from triage import webhooks  # noqa: F401
