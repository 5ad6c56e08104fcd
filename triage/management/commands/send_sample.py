"""Post one signed sample email to a running console's webhook, exactly as a mail
gateway would: a JSON delivery signed with the configured ``TRIAGE_WEBHOOK_SECRET``
(``X-Triage-Timestamp``, ``X-Triage-Signature: sha256=HMAC(secret, ts + "." + body)``).
Each run sends a new message (a fresh Message-ID), so it is never a duplicate."""

from __future__ import annotations

import base64
import json
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from triage.signing import sign

# A 1x1 PNG: the demo's attachment preview has an image to show.
_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")

SAMPLES = {
    "en": {
        "from": "Priya Nair <p.nair@coimbatore-spinners.example.in>",
        "subject": "Weight shortfall claim - contract CT-2026-0311, lot 7",
        "text": ("Dear Sirs,\n\nOn outturn of lot 7 under contract CT-2026-0311 the landed "
                 "weight was 1.9% below invoice weight (franchise 0.5%). The weighing "
                 "certificate of the independent surveyor is attached.\n\nWe claim USD "
                 "14,300.00 for the shortfall and ask for your reply within 10 days.\n\n"
                 "Regards,\nPriya Nair, Coimbatore Spinners"),
        "attachments": [("weighing-certificate.png", "image/png", _PNG)],
    },
    "pt": {
        "from": "Qualidade Fiacao Nordeste <qualidade@fiacaonordeste.example.com.br>",
        "subject": "Reclamacao HVI - contrato BR-2026/207, lote 12",
        "text": ("Prezados,\n\nO lote 12 do contrato BR-2026/207 chegou com micronaire 5,3 "
                 "e resistencia 26 g/tex, fora da especificacao contratada (micronaire "
                 "3,8-4,9). Segue em anexo a planilha HVI do laboratorio.\n\nSolicitamos "
                 "desconto de R$ 96.500,00 sobre o valor do lote.\n\nAtenciosamente,\n"
                 "Controle de Qualidade - Fiacao Nordeste"),
        "attachments": [("hvi-lote-12.csv", "text/csv",
                         b"fardo,mic,str,len,unif\n1201,5.3,26.1,1.10,80.2\n"
                         b"1202,5.2,25.8,1.09,79.9\n")],
    },
    "es": {
        "from": "Compras Hilanderia del Plata <compras@hilanderiaplata.example.com.ar>",
        "subject": "Contaminacion en fardos - contrato AR-2026-088",
        "text": ("Estimados,\n\nAl abrir los fardos del contrato AR-2026-088 encontramos "
                 "restos de polipropileno en 22 fardos. El informe del inspector se envia "
                 "adjunto.\n\nReclamamos USD 61.000 y necesitamos respuesta antes del "
                 "viernes.\n\nSaludos,\nCompras, Hilanderia del Plata"),
        "attachments": [("informe-inspeccion.txt", "text/plain",
                         b"Inspeccion: 22 fardos con polipropileno.")],
    },
}


def build_delivery(lang: str, *, secret: str) -> tuple[bytes, dict[str, str]]:
    """The JSON body and the headers of one signed delivery in ``lang``."""
    sample = SAMPLES[lang]
    domain = sample["from"].rsplit("@", 1)[1].rstrip(">")
    body = json.dumps({
        "message_id": f"<sample-{uuid.uuid4().hex[:12]}@{domain}>",
        "from": sample["from"],
        "to": ["claims@cottontrade.example.com"],
        "subject": sample["subject"],
        "text": sample["text"],
        "attachments": [{"filename": name, "content_type": ctype,
                         "content_base64": base64.b64encode(content).decode()}
                        for name, ctype, content in sample["attachments"]],
    }).encode()
    timestamp = int(time.time())
    return body, {"Content-Type": "application/json",
                  "X-Triage-Timestamp": str(timestamp),
                  "X-Triage-Signature": sign(secret, timestamp, body)}


class Command(BaseCommand):
    help = "Post one signed sample email (pt, en or es) to the console's webhook."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--lang", choices=sorted(SAMPLES), default="pt")
        parser.add_argument("--url", default="http://127.0.0.1:8000/webhooks/inbound/",
                            help="the webhook of the running console")
        parser.add_argument("--timeout", type=float, default=10.0)

    def handle(self, *args, **options) -> None:
        secrets = settings.TRIAGE_WEBHOOK_SECRETS
        if not secrets:
            raise CommandError("no webhook secret: set TRIAGE_WEBHOOK_SECRET (or "
                               "TRIAGE_WEBHOOK_SECRET_FILE) to the server's secret")
        body, headers = build_delivery(options["lang"], secret=secrets[0])
        if not options["url"].startswith(("http://", "https://")):
            raise CommandError("--url must be an http(s) URL")
        request = urllib.request.Request(  # noqa: S310 - http(s) only, checked above
            options["url"], data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=options["timeout"]) as response:  # noqa: S310
                status, answer = response.status, response.read().decode(errors="replace")
        except urllib.error.HTTPError as exc:
            raise CommandError(f"refused: HTTP {exc.code} "
                               f"{exc.read().decode(errors='replace')[:500]}") from exc
        except (urllib.error.URLError, TimeoutError) as exc:
            raise CommandError(f"could not reach {options['url']}: {exc}") from exc
        self.stdout.write(f"HTTP {status} {answer}")
        link = _item_link(options["url"], answer)
        if link:
            self.stdout.write(f"Open it (the worker triages it in a moment): {link}")


def _item_link(webhook_url: str, answer: str) -> str:
    """The console page of the stored email, on the host the webhook was posted to."""
    try:
        email_id = int(json.loads(answer)["id"])
    except (ValueError, KeyError, TypeError):
        return ""
    parts = urllib.parse.urlsplit(webhook_url)
    path = reverse("admin:triage_inboundemail_change", args=[email_id])
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))
