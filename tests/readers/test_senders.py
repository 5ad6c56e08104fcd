"""Sender domains passing for ours or a counterpart's: each trick caught beside the
legitimate neighbour that must pass."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from tests.factories import login
from tests.growth import assert_linear
from triage import mime
from triage.chains import llm
from triage.decision import Config, EmailInput, run_chains
from triage.models import InboundEmail
from triage.readers.signals.senders import MIN_TYPO_LENGTH, lookalike, sender_lookalikes
from triage.services.ingestion import email_ingest

OURS = "cotton-trading.com"
COUNTERPARTS = ["marmaratekstil.com", "olam.com", "oceanlink-fwd.com", "claims.bigmill.com.cn",
                "ravitextile.com", "ravitextile.com.pk"]
KNOWN = [OURS, *COUNTERPARTS]


@pytest.mark.parametrize("domain,resembles,how", [
    ("c0tton-trading.com", OURS, "letters"),  # a digit for a letter
    ("cоtton-trаding.com", OURS, "letters"),  # Cyrillic о and а
    ("xn--ctton-trading-i7k.com", OURS, "letters"),  # the same, as punycode
    ("cöttön-trading.com", OURS, "letters"),  # accents a reader overlooks
    ("rnarmaratekstil.com", "marmaratekstil.com", "letters"),  # rn for m
    ("oceanlink-fvvd.com", "oceanlink-fwd.com", "letters"),  # vv for w
    ("mail.c0tton-trading.com", OURS, "letters"),  # a look-alike's own subdomain
    ("claims.blgmill.com.cn", "claims.bigmill.com.cn", "typo"),  # a known subdomain's name
    ("blgmill.com.cn", "claims.bigmill.com.cn", "typo"),  # and its registrable name
    ("claims.bigmill.com", "claims.bigmill.com.cn", "ending"),
    ("o1am.com", "olam.com", "letters"),  # short names too, by their letters
    ("cottontradlng.com", OURS, "typo"),  # l for i
    ("cotton-tradign.com", OURS, "typo"),  # two letters swapped
    ("cottontrading.com", OURS, "typo"),  # a hyphen missing
    ("cotton-trad-ing.com", OURS, "typo"),  # a hyphen added
    ("marmaratekstill.com", "marmaratekstil.com", "typo"),  # a letter added
    ("cotton-trading.co", OURS, "ending"),
    ("cotton-trading.com.br", OURS, "ending"),
    ("cotton-trading.github.io", OURS, "ending"),  # anyone can have a github.io name
    ("cotton-trading.com.evil.net", OURS, "inside"),
    ("mail.cotton-trading.com.evil.net", OURS, "inside"),
    ("cotton-trading-br.com", OURS, "affix"),  # a word hyphened on: "our" Brazilian office
    ("it-cotton-trading.net", OURS, "affix"),  # "our" IT department
    ("marmaratekstil-tr.com", "marmaratekstil.com", "affix"),
    ("oceanlink-fwd-payments.com", "oceanlink-fwd.com", "affix"),
])
def test_a_lookalike_is_caught_with_the_domain_it_passes_for(domain, resembles, how):
    found = lookalike(domain, KNOWN)
    assert found is not None and (found.resembles, found.how) == (resembles, how)
    # Punycode is shown as a person reads it.
    assert not found.domain.startswith("xn--")


@pytest.mark.parametrize("domain", [
    OURS, "COTTON-TRADING.COM.", "mail.cotton-trading.com",  # ours, and ours under us
    "marmaratekstil.com", "olam.com",  # real counterparts
    "ravitextile.com.pk", "ravitextile.com",  # one company's two endings, both listed
    "sales.bigmill.com.cn", "bigmill.com.cn",  # the known subdomain's own organisation
    "bigmill.com", "other.bigmill.de",  # its parent's name elsewhere may be anyone's
    "cottonworld.com", "trading.com", "cotton.com",  # a shared word is not a look-alike
    # Long-established different businesses two edits away: "cotton-training" (d->i, +n)
    # and "cotton-tracking" (d->c, +k). One edit is the rule; two would catch them.
    "cotton-training.com", "cotton-tracking.com",
    "olan.com", "ola.com",  # one edit from a name under MIN_TYPO_LENGTH letters: too many
    "olam-foods.com",  # a word on a name under MIN_AFFIX_LENGTH letters: anyone's
    "tradingcotton.com",  # the words run together, not a word hyphened on
    "gmail.com", "evil.net", "",
])
def test_the_legitimate_neighbour_passes(domain):
    assert lookalike(domain, KNOWN) is None


def test_documentation_domains_stand_for_organisations_of_their_own():
    """RFC 2606's example.com, .net, .org: each name below them is an organisation (the
    lab's and the tests' mail), so a look-alike among them is caught and a neighbour is
    not one owner's second domain."""
    known = ["serradomar-algodao.com.br", "transmed.example.com", "cottontrade.example.com"]
    assert lookalike("serradomar-algodao-ti.example.net", known).how == "affix"
    assert lookalike("transmed-fr.example.com", known).how == "affix"
    assert lookalike("c0ttontrade.example.com", known).how == "letters"
    for real in ("mill.example.com", "claims.cottontrade.example.com", "transmed.example.com",
                 "survey.example.org"):
        assert lookalike(real, known) is None, real


def test_the_short_name_rule_is_what_lets_a_one_edit_neighbour_pass():
    assert len("olam") < MIN_TYPO_LENGTH <= len("cottontrading")
    assert lookalike("olan.com", KNOWN) is None
    assert lookalike("cotton-tradinq.com", KNOWN).how == "typo"


def test_domains_without_a_registrable_name_are_nothing_to_imitate():
    # The default own address is triage@localhost: no look-alike of "localhost" exists.
    assert lookalike("localhost.evil.net", ["localhost"]) is None
    assert lookalike("c0tton-trading.com", ["localhost", OURS]).resembles == OURS


def test_from_reply_to_and_envelope_are_each_read_once():
    found = sender_lookalikes(["ap@marmaratekstil.com", "Pay@C0tton-Trading.com",
                               "pay@c0tton-trading.com", "bounce@cotton-trading.co"], KNOWN)
    assert [(f.domain, f.how) for f in found] == [("c0tton-trading.com", "letters"),
                                                 ("cotton-trading.co", "ending")]
    assert sender_lookalikes(["ap@marmaratekstil.com", "x@mail.cotton-trading.com"],
                             KNOWN) == []


def test_reading_grows_linearly_with_the_known_domains():
    def build(n: int) -> list[str]:
        return [f"counterpart{i:06d}-trading.com" for i in range(n)]

    assert_linear(build, lambda known: lookalike("c0tton-tradlng.com.evil.net", known), 200,
                  label="known domains")


# The mailbox's correspondents (``triage.correspondents``): the domains that have written
# to us before, known beside the configured ones. Nobody configured these.
HISTORY = ["rupganj-spinning.example.com", "transmed.example.fr", "merseyfibre.example.com",
           "hengyuan-tex.example.cn", "atlanticalog.example.com"]


@pytest.mark.parametrize("domain,resembles,how", [
    ("rupganj-spinnlng.example.com", "rupganj-spinning.example.com", "typo"),
    ("transmed-fr.example.com", "transmed.example.fr", "affix"),
    ("merseyfibre.example.net", "merseyfibre.example.com", "ending"),
    ("atlantica1og.example.com", "atlanticalog.example.com", "letters"),
])
def test_a_lookalike_of_a_correspondent_is_caught(domain, resembles, how):
    found = lookalike(domain, [OURS, *HISTORY])
    assert found is not None and (found.resembles, found.how) == (resembles, how)


@pytest.mark.parametrize("domain", [
    *HISTORY,  # each correspondent itself
    "rupganj-weaving.example.com", "transmedia.example.com",  # a shared word, two letters more
    "merseycotton.example.com", "hengda-tex.example.cn",  # neighbours two edits or more apart
    "atlanticocargo.example.com",
])
def test_a_correspondents_legitimate_neighbour_passes(domain):
    assert lookalike(domain, [OURS, *HISTORY]) is None


def test_reading_against_thousands_of_correspondents_stays_linear():
    """The known domains recur for every email: parsed and reduced to skeletons once,
    each costs a few comparisons per sender. Growth by CPU time (never a wall clock),
    with the known set already read once, as a worker's is."""
    def build(n: int) -> list[str]:
        known = [f"mill{i:06d}-spinning.example.com" for i in range(n)]
        lookalike("warm.example.com", known)
        return known

    senders = [f"{w}-spinnlng.example.com" for w in ("rupganj", "meghna", "karnaphuli")]
    assert_linear(build, lambda known: [lookalike(s, known) for s in senders], 2000,
                  label="known correspondents")


ROUTINE = "Please find our freight invoice OF-5521 for USD 8,740.00 attached."


def _decide(sender: str, *, reply_to: str = "", body: str = ROUTINE):
    head = f"Reply-To: {reply_to}\r\n" if reply_to else ""
    raw = (f"From: Billing <{sender}>\r\n{head}To: claims@cotton-trading.com\r\n"
           f"Subject: Freight invoice OF-5521\r\nMessage-ID: <1@x>\r\n\r\n{body}\r\n").encode()
    spec = llm.model_spec()
    email = EmailInput.from_parsed(mime.parse_bytes(raw),
                                   received_at=datetime(2026, 11, 30, 9, 0, tzinfo=UTC))
    config = Config.from_settings(history=False)
    return run_chains(email, model=llm.build_model(spec), spec=spec, config=config)


@pytest.fixture
def known(settings):
    settings.TRIAGE_OWN_ADDRESSES = [f"claims@{OURS}"]
    settings.TRIAGE_COUNTERPART_DOMAINS = COUNTERPARTS


def test_a_lookalike_sender_goes_to_a_person_and_the_real_one_is_forwarded(known):
    fake = _decide("billing@c0tton-trading.com")
    assert fake.route == "needs_review" and not fake.escalate
    assert fake.review_signals == [{"code": "lookalike_sender", "domain": "c0tton-trading.com",
                                    "known": "cotton-trading.com", "how": "letters"}]
    assert _decide("billing@cotton-trading.com").route == "forwarded"
    assert _decide("billing@marmaratekstil.com").route == "forwarded"
    # A Reply-To that passes for a counterpart: replies would go to the impostor.
    swapped = _decide("billing@marmaratekstil.com", reply_to="ap@marmaratekstill.com")
    assert swapped.route == "needs_review"
    assert swapped.review_signals[0] == {"code": "lookalike_sender",
                                         "domain": "marmaratekstill.com",
                                         "known": "marmaratekstil.com", "how": "typo"}


def test_a_lookalike_never_escalates_by_itself_nor_hides_a_fact(known):
    claim = ("We found plastic contamination in lots 7731-7733 under contract CT-2026-0142 "
             "and claim USD 180,000. Respond by tomorrow.")
    decision = _decide("qa@c0tton-trading.com", body=claim)
    assert decision.route == "escalated"  # the facts escalate, as from anyone
    small = _decide("billing@c0tton-trading.com", body="Invoice OF-5521 attached.")
    assert small.route == "needs_review" and not small.escalate


@pytest.mark.django_db
def test_the_email_page_shows_the_lookalike_flag(known, client, staff):
    raw = (b"From: Billing <billing@c0tton-trading.com>\r\nReply-To: pay@cottontradlng.com\r\n"
           b"To: claims@cotton-trading.com\r\nSubject: Invoice\r\nMessage-ID: <2@x>\r\n\r\n"
           b"Invoice attached.\r\n")
    result = email_ingest(mime.parse_bytes(raw), raw=raw, raw_format="rfc822",
                          provider="import")
    email = InboundEmail.objects.get(pk=result.email_id)
    assert email.flags["reply_to"] == "pay@cottontradlng.com"
    assert [f["domain"] for f in email.flags["lookalike_sender"]] == [
        "c0tton-trading.com", "cottontradlng.com"]
    # The worker reads the Reply-To again from the stored row.
    assert EmailInput.from_stored(email).senders == ("billing@c0tton-trading.com",
                                                    "pay@cottontradlng.com")
    page = login(client, staff["triager"]).get(
        reverse("admin:triage_inboundemail_change", args=[email.pk])).content.decode()
    assert "Look-alike sender domain" in page
    assert "c0tton-trading.com looks like cotton-trading.com (look-alike letters)" in page
    listing = client.get(reverse("admin:triage_inboundemail_changelist")).content.decode()
    assert "Look-alike" in listing
    plain = (b"From: Billing <billing@cotton-trading.com>\r\nTo: claims@cotton-trading.com\r\n"
             b"Subject: Invoice\r\nMessage-ID: <3@x>\r\n\r\nInvoice attached.\r\n")
    result = email_ingest(mime.parse_bytes(plain), raw=plain, raw_format="rfc822",
                          provider="import")
    assert "lookalike_sender" not in InboundEmail.objects.get(pk=result.email_id).flags
