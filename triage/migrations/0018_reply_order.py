"""The reply list's order as an index: a search of the replies walks it and stops at a
page of matches (a broad word's emails are checked row by row along it); without it
every matching reply was checked, then sorted."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("triage", "0017_correspondent_domains"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="reply",
            index=models.Index(fields=["created_at", "id"], name="triage_reply_created"),
        ),
    ]
