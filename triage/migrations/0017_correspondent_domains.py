"""The mailbox's correspondents (``CorrespondentDomain``), filled from the mail already
stored in one set-based statement: each From domain with its first and last mail, how
many emails it wrote, and how many of them were flagged as a look-alike From on arrival
(the flag names the domain punycode-decoded: a domain written in punycode counts as
flagged when any look-alike was flagged on its mail). Mail whose content was erased has
no address and is not counted; bounces and our own mail are not correspondents'.
Free-mail domains are left out here and ours when read (``triage.correspondents``)."""

from django.db import migrations, models

# Frozen here: what the table left out when it was filled.
FREE_MAIL = (
    "gmail.com", "googlemail.com", "outlook.com", "outlook.com.br", "hotmail.com",
    "hotmail.com.br", "hotmail.co.uk", "hotmail.fr", "hotmail.it", "live.com", "msn.com",
    "yahoo.com", "yahoo.com.br", "yahoo.co.uk", "yahoo.co.in", "yahoo.fr", "ymail.com",
    "icloud.com", "me.com", "mac.com", "aol.com", "proton.me", "protonmail.com",
    "zoho.com", "gmx.com", "gmx.net", "gmx.de", "web.de", "t-online.de", "libero.it",
    "orange.fr", "wanadoo.fr", "uol.com.br", "bol.com.br", "terra.com.br", "ig.com.br",
    "qq.com", "foxmail.com", "163.com", "126.com", "yeah.net", "sina.com", "sina.cn",
    "sohu.com", "aliyun.com", "naver.com", "rediffmail.com", "mail.ru", "yandex.ru",
    "yandex.com",
)
NOT_CORRESPONDENTS = ("bounce_report", "bounce_sender", "own_address", "own_notification")

POSTGRES = """
INSERT INTO triage_correspondentdomain (domain, first_seen, last_seen, emails, flagged)
SELECT domain, min(received_at), max(received_at), count(*), count(*) FILTER (WHERE
       EXISTS (SELECT 1 FROM jsonb_array_elements(
                   CASE jsonb_typeof(flags -> 'lookalike_sender')
                   WHEN 'array' THEN flags -> 'lookalike_sender' ELSE '[]'::jsonb END) e
               WHERE e.value ->> 'domain' = domain OR domain LIKE '%%xn--%%'))
FROM (SELECT left(rtrim(lower(substring(from_address FROM '@([^@]*)$')), '.>'), 255)
             AS domain, received_at, flags
      FROM triage_inboundemail
      WHERE from_address LIKE '%%@%%' AND automated <> ALL(%s)) mail
WHERE domain LIKE '%%.%%' AND domain <> ALL(%s)
GROUP BY domain
"""

SQLITE = """
INSERT INTO triage_correspondentdomain (domain, first_seen, last_seen, emails, flagged)
SELECT domain, min(received_at), max(received_at), count(*), sum(
       EXISTS (SELECT 1 FROM json_each(CASE json_type(flags, '$.lookalike_sender')
                                       WHEN 'array' THEN json_extract(flags, '$.lookalike_sender')
                                       ELSE '[]' END) e
               WHERE json_extract(e.value, '$.domain') = domain OR domain LIKE '%%xn--%%'))
FROM (SELECT substr(rtrim(lower(substr(from_address, instr(from_address, '@') + 1)), '.>'),
                    1, 255) AS domain, received_at, flags
      FROM triage_inboundemail
      WHERE from_address LIKE '%%@%%' AND automated NOT IN ({not_correspondents})) mail
WHERE domain LIKE '%%.%%' AND domain NOT IN ({free_mail})
GROUP BY domain
"""


def fill(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        sql, params = POSTGRES, [list(NOT_CORRESPONDENTS), list(FREE_MAIL)]
    else:
        sql = SQLITE.format(not_correspondents=", ".join(["%s"] * len(NOT_CORRESPONDENTS)),
                            free_mail=", ".join(["%s"] * len(FREE_MAIL)))
        params = [*NOT_CORRESPONDENTS, *FREE_MAIL]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


class Migration(migrations.Migration):

    dependencies = [
        ("triage", "0016_erase_what_erasure_missed"),
    ]

    operations = [
        migrations.CreateModel(
            name="CorrespondentDomain",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("domain", models.CharField(max_length=255, unique=True)),
                ("first_seen", models.DateTimeField()),
                ("last_seen", models.DateTimeField()),
                ("emails", models.PositiveIntegerField(default=0)),
                ("flagged", models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
