"""The quality page's words: what each source of a decision is called (the model, a
backstop trigger, a review signal, by code) and what each figure means."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from triage.labels.vocabulary import word
from triage.routes import Code

# A code's short name, for a table's row (its reason's words say the whole sentence).
CODE_NAMES = {
    Code.EXPOSURE_AT_OR_ABOVE_THRESHOLD: gettext_lazy("exposure at or above the threshold"),
    Code.EXPOSURE_NOT_THE_CLAIM: gettext_lazy("a stated figure over the threshold"),
    Code.EXPOSURE_IN_SEVERAL_CURRENCIES: gettext_lazy("exposure in several currencies"),
    Code.EXPOSURE_WITHOUT_RATE: gettext_lazy("an amount without an exchange rate"),
    Code.DEADLINE_PASSED: gettext_lazy("deadline passed"),
    Code.DEADLINE_WITHIN_LIMIT: gettext_lazy("deadline within the limit"),
    Code.PARTS_UNREAD: gettext_lazy("parts not read"),
    Code.BANK_CHANGE: gettext_lazy("bank-detail change"),
    Code.CLAIM_CALLED_ROUTINE: gettext_lazy("a claim the model called routine"),
    Code.CONTAMINATION_NOT_ESCALATED: gettext_lazy("contamination not escalated"),
    Code.THREAT_NOT_ESCALATED: gettext_lazy("a threat not escalated"),
    Code.LOOKALIKE_SENDER: gettext_lazy("look-alike sender"),
    Code.UNSUPPORTED_VALUES: gettext_lazy("values not found in the email"),
}
_PROVIDERS = {"gemini": "Gemini", "offline": gettext_lazy("offline provider (simulated)")}


def source(name: str) -> str:
    """``model:gemini``, ``backstop:<code>``, ``signal:<code>``, or a group
    (``backstop``, ``signal``) in words."""
    kind, _sep, code = name.partition(":")
    if kind == "model":
        return _("Model: %(provider)s") % {"provider": word(_PROVIDERS, code)}
    if kind == "backstop":
        return _("Backstop: %(code)s") % {"code": word(CODE_NAMES, code)} if code \
            else _("Backstop, any trigger")
    if kind == "signal":
        return _("Review signal: %(code)s") % {"code": word(CODE_NAMES, code)} if code \
            else _("Review signals, any")
    return name
