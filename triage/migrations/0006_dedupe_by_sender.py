"""Duplicates key on sender + Message-ID (a Message-ID alone let one sender pre-empt
another's message), and used Mailgun tokens are remembered.

Stored rows whose key was the Message-ID are re-keyed the way ingestion now keys
them, so a redelivery of an old message is still a duplicate. The new keys are finer
than the old ones (sender added), so they cannot collide. Keys of content-hash and
event-id rows do not change. Reversing keeps the new keys: the old code would then
store one more copy of an old message redelivered, and lose nothing.
"""

import hashlib

from django.db import migrations, models

BATCH = 2000


def _key(sender: str, message_id: str) -> str:
    # Frozen copy of triage.services.ingestion.dedupe_key for the message_id basis:
    # a migration must not change meaning when the service changes later.
    value = f"mid:{sender.lower()}:{message_id}"
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


def rekey_message_ids(apps, schema_editor):
    InboundEmail = apps.get_model("triage", "InboundEmail")
    rows = (InboundEmail.objects.filter(dedupe_basis="message_id")
            .only("pk", "envelope_sender", "from_address", "message_id").order_by("pk"))
    batch = []
    for row in rows.iterator(chunk_size=BATCH):
        row.dedupe_key = _key(row.envelope_sender or row.from_address, row.message_id)
        batch.append(row)
        if len(batch) >= BATCH:
            InboundEmail.objects.bulk_update(batch, ["dedupe_key"])
            batch = []
    if batch:
        InboundEmail.objects.bulk_update(batch, ["dedupe_key"])


class Migration(migrations.Migration):

    dependencies = [
        ('triage', '0005_review_signals'),
    ]

    operations = [
        migrations.CreateModel(
            name='WebhookToken',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('provider', models.CharField(choices=[('webhook', 'Signed webhook'), ('mailgun', 'Mailgun'), ('postmark', 'Postmark'), ('import', 'File import'), ('cli', 'Command line')], max_length=16)),
                ('token', models.CharField(max_length=255)),
                ('expires_at', models.DateTimeField(db_index=True)),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('provider', 'token'), name='webhook_token_used_once')],
            },
        ),
        migrations.RunPython(rekey_message_ids, migrations.RunPython.noop, elidable=True),
    ]
