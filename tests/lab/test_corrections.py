"""Staff's corrections become test cases: ``triage_eval --export-corrections DIR``
writes the emails whose decision staff overturned or corrected, pseudonymised, with
their labels; ``triage_eval DIR`` reads them back, and the pipeline's mistakes show as
the mismatches staff corrected. The pair: no real address, name or IBAN is left in
the files, and the amount, contract and words that decide each label are."""

from __future__ import annotations

import email
import json
import re
from email import policy
from io import StringIO

import pytest
from django.core.management import call_command

from lab.pseudonym import Pseudonyms
from tests.factories import BANK_CHANGE, MAIL, triaged_raw
from triage.models import Escalation, Ticket
from triage.routes import Route
from triage.services import escalations, tickets
from triage.services.emails import email_decide_manually
from triage.services.privacy import sender_erase

pytestmark = pytest.mark.django_db

IBAN = "GB33BUKB20201555555555"
IBAN_SPACED = "DE89 3704 0044 0532 0130 00"
# The weight claim, with a person's name, phone and bank details in its body and in an
# attached certificate (a plain-text part).
SHORTFALL = (MAIL / "03-weight-shortfall.eml").read_bytes().replace(
    b"Content-Type: text/plain; charset=utf-8\n\n",
    b"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=\"b1\"\n\n--b1\n"
    b"Content-Type: text/plain; charset=utf-8\n\n",
).replace(
    b"Regards,\nEmre Kaya",
    b"For the credit note our account is IBAN " + IBAN_SPACED.encode() + b", as always.\n"
    b"Call me on +90 212 555 0147 with any question.\n\nRegards,\nEmre Kaya\n\n--b1\n"
    b"Content-Type: text/plain; charset=utf-8\n"
    b"Content-Disposition: attachment; filename=\"weight-certificate-emre-kaya.txt\"\n\n"
    b"Weight certificate for contract TR-2026-031, lot 5520: 44,910 kg net.\n"
    b"Witnessed by Emre Kaya (purchasing@anatolia-spin.example.com.tr).\n--b1--\n")
REAL = ["Emre Kaya", "Emre", "Kaya", "Anatolia", "anatolia-spin", "purchasing@",
        "Li Wei", "Jiangsu", "jiangsu-mills", "li.wei@", "Marcos Albuquerque", "Albuquerque",
        "Fiação Nordeste", "fiacaonordeste", "Oceanic", "oceanic-freight", "cottontrade",
        IBAN, IBAN_SPACED, IBAN_SPACED.replace(" ", ""), "555 0147", "weight-certificate"]


def _corrections(staff) -> dict:
    """Four emails the offline pipeline decides, and what staff do with each."""
    desk, desk2, claims, claims2 = staff["desk"], staff["desk2"], staff["claims"], staff["claims2"]
    e = {"shortfall": triaged_raw(SHORTFALL),
         "contamination": triaged_raw((MAIL / "01-contamination-claim-ica.eml").read_bytes()),
         "bank": triaged_raw(BANK_CHANGE),
         "hvi": triaged_raw((MAIL / "02-reclamacao-hvi.eml").read_bytes()),
         "freight": triaged_raw((MAIL / "04-freight-invoice.eml").read_bytes())}
    assert [e[k].status for k in e] == [Route.TICKET, Route.ESCALATED, Route.NEEDS_REVIEW,
                                        Route.TICKET, Route.FORWARDED]
    # The amount was the shortfall's only: corrected, it crosses the backstop (a miss).
    shortfall = Ticket.objects.get(email=e["shortfall"])
    tickets.ticket_correct(shortfall.pk, claims, seen_version=1,
                           changes={"exposure_amount": "62400"})
    # The contamination claim is dismissed as unfounded by two desk members.
    escalation = Escalation.objects.get(email=e["contamination"])
    for who in (desk, desk2):
        escalations.escalation_dismiss(escalation.pk, who, "the mill withdrew it by phone")
    # The bank change was verified by phone: forwarded to finance as the model had it.
    email_decide_manually(e["bank"].pk, staff["triager"], route=Route.FORWARDED,
                          department="finance", reason="verified with the carrier")
    # The HVI claim's lot was misread: corrected, then approved by someone else.
    hvi = Ticket.objects.get(email=e["hvi"])
    tickets.ticket_correct(hvi.pk, claims, seen_version=1, changes={"lot_reference": "7732"})
    tickets.ticket_approve(hvi.pk, claims2, seen_version=2)
    # The freight invoice stands: nothing to learn from it, not exported.
    return e


def _decoded(raw: bytes) -> str:
    """A message as a reader sees it: its headers and every part decoded (a quoted-
    printable soft break would otherwise split a name out of a plain search)."""
    message = email.message_from_bytes(raw, policy=policy.default)
    headers = "\n".join(f"{k}: {v}" for k, v in message.items())
    parts = [p.get_content() for p in message.walk() if not p.is_multipart()]
    return "\n".join([headers, *parts, raw.decode("utf-8", "replace")])


def _export(tmp_path) -> tuple[dict, dict[str, str]]:
    out = StringIO()
    call_command("triage_eval", "--export-corrections", str(tmp_path), stdout=out)
    assert "written to" in out.getvalue()
    labels = json.loads((tmp_path / "labels.json").read_text())
    files = {p.name: _decoded(p.read_bytes()) if p.suffix == ".eml" else p.read_text()
             for p in tmp_path.iterdir()}
    return labels, files


def _by_kind(labels: dict) -> dict[str, dict]:
    cases = {}
    for case in labels["cases"]:
        e = case["expected"]
        key = ("shortfall" if e.get("exposure_amount") == 62400.0 else
               "contamination" if e == {"escalate": False} else
               "bank" if e.get("route") == Route.FORWARDED else "hvi")
        cases[key] = case
    return cases


def test_the_exported_corrections_are_labelled_with_what_staff_decided(staff, tmp_path):
    _corrections(staff)
    labels, files = _export(tmp_path)
    cases = _by_kind(labels)
    assert set(cases) == {"shortfall", "contamination", "bank", "hvi"}
    assert len(labels["cases"]) == 4  # the freight invoice that stood is not there
    assert cases["shortfall"]["expected"] == {
        "route": "escalated", "escalate": True, "claiming_party": "Company 1",
        "contract_reference": "TR-2026-031", "lot_reference": "5520",
        "exposure_amount": 62400.0, "exposure_currency": "USD"}
    assert cases["shortfall"]["kind"] == "miss"
    assert cases["contamination"]["kind"] == "false_alarm"
    assert cases["bank"]["expected"] == {"route": "forwarded", "escalate": False,
                                         "department": "finance"}
    assert cases["hvi"]["expected"]["lot_reference"] == "7732"
    assert cases["hvi"]["kind"] == "fields_corrected"
    assert len(files) == 5


def test_triage_eval_reads_them_back_and_finds_the_mistakes_staff_corrected(staff, tmp_path):
    e = _corrections(staff)
    labels, _files = _export(tmp_path)
    cases = _by_kind(labels)
    out = StringIO()
    call_command("triage_eval", str(tmp_path), "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert result["summary"]["cases"] == 4
    # What triage_eval read as each label is what staff decided.
    read = {c["case"]: c["expected"] for c in result["cases"]}
    for case in cases.values():
        assert {k: v for k, v in read[case["file"][:-4]].items() if k != "group"} == \
            case["expected"]
    # The pipeline, on the pseudonymised mail, makes the mistakes it made on the real
    # mail: exactly what staff corrected shows as a mismatch.
    mismatches = {(m["case"], m["field"]) for m in result["mismatches"]}
    name = {k: c["file"][:-4] for k, c in cases.items()}
    assert mismatches == {(name["shortfall"], "route"), (name["shortfall"], "escalate"),
                          (name["shortfall"], "exposure_amount"),
                          (name["contamination"], "escalate"),
                          # held for a person, so no department: staff forwarded it to one
                          (name["bank"], "route"), (name["bank"], "department"),
                          (name["hvi"], "lot_reference")}
    got = {c["case"]: c["got"] for c in result["cases"]}
    for key in ("shortfall", "contamination", "bank", "hvi"):
        assert got[name[key]]["route"] == e[key].current_run.route, key


def test_no_real_address_name_or_iban_is_left_and_what_decides_the_label_is(staff, tmp_path):
    _corrections(staff)
    labels, files = _export(tmp_path)
    everything = "\n".join(files.values())
    left = [real for real in REAL if real.lower() in everything.lower()]
    assert left == []
    assert not re.search(r"[\w.+-]+@(?!(?:org-\d+|corrections)\.example\b)[\w-]+\.[\w.-]+",
                         everything)
    shortfall = files[_by_kind(labels)["shortfall"]["file"]]
    # The claim's amount, contract, lot and words survive, in the body and the attachment.
    for kept in ("USD 12,400", "TR-2026-031", "lot 5520", "weight shortfall of 450 kg",
                 "credit note", "44,910 kg net"):
        assert kept in shortfall, kept
    # The bank details are masked with a fictitious IBAN the rules still read as one.
    masked = re.search(r"IBAN (DE\d\d(?: \d{4}){4} \d\d)", shortfall)
    assert masked and masked.group(1) != IBAN_SPACED and masked.group(1).endswith("00 01")
    assert "Regards,\nName1 Name2" in shortfall  # the same pseudonym in the attachment
    assert "Witnessed by Name1 Name2 (person-1@org-1.example)" in shortfall
    bank = files[_by_kind(labels)["bank"]["file"]]
    assert "bank details have changed" in bank and "USD 8,740.00" in bank


def test_an_erased_email_is_not_exported(staff, tmp_path):
    _corrections(staff)
    sender_erase("li.wei@jiangsu-mills.example.cn", requested_by="the mill", reason="verified")
    labels, _files = _export(tmp_path)
    assert "contamination" not in _by_kind(labels) and len(labels["cases"]) == 3


def test_the_same_address_and_name_get_the_same_pseudonym_across_the_set():
    names = Pseudonyms()
    names.learn_person("Maria Souza")
    names.learn_company("Tecelagem Paulista")
    one = names.text("From maria.souza@tp.example.com.br: Maria Souza, Tecelagem Paulista")
    two = names.text("cc MARIA.SOUZA@tp.example.com.br; att. Maria (TECELAGEM PAULISTA) "
                     "www.tp.example.com.br")
    assert one == "From person-1@org-1.example: Name1 Name2, Company 1"
    assert two == "cc person-1@org-1.example; att. Name1 (Company 1) www.org-1.example"
    # Organisation words and amounts are not names.
    assert names.text("Quality Dept: USD 12,400, lot 7731, agência 1234-5 conta 67890-1") \
        == "Quality Dept: USD 12,400, lot 7731, agência 0000-1 conta 00000-2"
