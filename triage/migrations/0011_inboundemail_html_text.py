from django.db import migrations, models

BATCH = 500


def backfill_html_text(apps, schema_editor):
    """The visible text of every stored HTML body, converted once here as ingestion now
    converts it. The converter is the product's own (``mime.html_visible_text``), not a
    frozen copy: the text must be what the worker read from these rows until now. An
    HTML-only email's body already is that text, so it stores none, as ingestion does."""
    from triage.mime import html_visible_text

    InboundEmail = apps.get_model("triage", "InboundEmail")
    last = 0
    while True:
        rows = list(InboundEmail.objects.filter(pk__gt=last).exclude(html_body="")
                    .order_by("pk").values_list("pk", "html_body", "text_body")[:BATCH])
        if not rows:
            return
        changed = []
        for pk, html, text_body in rows:
            text = html_visible_text(html)
            if text != text_body:
                changed.append(InboundEmail(pk=pk, html_text=text))
        InboundEmail.objects.bulk_update(changed, ["html_text"])
        last = rows[-1][0]


class Migration(migrations.Migration):
    # Each batch commits on its own: a large table is not held in one transaction.
    atomic = False

    dependencies = [
        ("triage", "0010_console"),
    ]

    operations = [
        migrations.AddField(
            model_name="inboundemail",
            name="html_text",
            field=models.TextField(blank=True, help_text="Visible text of the HTML alternative, when there is a plain one"),
        ),
        migrations.RunPython(backfill_html_text, migrations.RunPython.noop, elidable=True),
    ]
