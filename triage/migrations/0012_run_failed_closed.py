from django.db import migrations, models


def rename(old: str, new: str):
    def forward(apps, schema_editor):
        apps.get_model("triage", "TriageRun").objects.filter(status=old).update(status=new)
    return forward


class Migration(migrations.Migration):
    """A run that could not decide safely was stored as ``needs_review``, its email's
    route; it is ``failed_closed``, what happened to the run."""

    dependencies = [
        ("triage", "0011_inboundemail_html_text"),
    ]

    operations = [
        migrations.AlterField(
            model_name="triagerun",
            name="status",
            field=models.CharField(choices=[("running", "Running"), ("done", "Done"),
                                            ("failed_closed", "Failed closed"),
                                            ("error", "Error (will retry)")],
                                   default="running", max_length=16),
        ),
        migrations.RunPython(rename("needs_review", "failed_closed"),
                             rename("failed_closed", "needs_review")),
    ]
