"""Live counts: the dashboard's queues and the lists' "new since you looked" refresh
without a reload. A page is drawn with what it saw (the newest id of its kind, the
last audit event) in the ``data-url`` of its ``#triage-live`` mark; the static
``triage/live.js`` asks this endpoint every few seconds while the tab is visible and
writes the answers in place. Each answer is a few COUNT queries, never a page's
worth: the queues' aggregates, ``id > seen`` ranges, one ``exists``."""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache

from triage import selectors
from triage.models import EmailEvent, Escalation, InboundEmail, Ticket

# What a page can ask "how many new since I was drawn" about: the newest id it saw of
# each, read as the page is drawn.
LIVE_MODELS = {"email": InboundEmail, "escalation": Escalation, "ticket": Ticket}


def _newest(model) -> int:
    """The newest id of a kind (an index lookup, ``max(id)``): what a page saw when it
    was drawn."""
    return model.objects.aggregate(m=Max("pk"))["m"] or 0


def live_new(kind: str, since: int) -> int:
    """Items of ``kind`` that arrived after the one with id ``since`` (a range of the
    primary key: an index scan of the new rows only)."""
    return LIVE_MODELS[kind].objects.filter(pk__gt=since).count()


def item_changed(email_id: int, since_event: int) -> bool:
    """Whether anything happened to the email or its escalation or ticket (an audit
    event: a state change, a take, a note, a reply) after the event ``since_event``."""
    return EmailEvent.objects.filter(email_id=email_id, pk__gt=since_event).exists()


def live_dashboard(user) -> dict[str, int | None]:
    """The dashboard's counts, keyed as the page marks them (``data-live``): each
    queue's total, mine and unassigned, and the emails by status."""
    counts: dict[str, int | None] = {}
    for q in selectors.queues(user):
        for part in ("total", "mine", "unassigned"):
            counts[f"queue-{q['key']}-{part}"] = q[part]
    for value, n in selectors.status_counts().items():
        counts[f"status-{value}"] = n
    return counts


# The permission that shows each kind of item (the lists' and the item pages').
VIEW = {kind: f"triage.view_{model._meta.model_name}" for kind, model in LIVE_MODELS.items()}
# The dashboard shows email subjects, exposures and deadlines: only someone a triage
# group lets read emails and escalations sees it. Being staff only opens the login.
DASHBOARD_PERMISSIONS = ("triage.view_inboundemail", "triage.view_escalation")
INTERVAL_S = 5


def _new_words(kind: str, n: int) -> str:
    """The notice, in the reader's language (plural forms are the server's business)."""
    if kind == "email":
        return ngettext("%(n)d new email since you looked: show it",
                        "%(n)d new emails since you looked: show them", n) % {"n": n}
    if kind == "escalation":
        return ngettext("%(n)d new escalation since you looked: show it",
                        "%(n)d new escalations since you looked: show them", n) % {"n": n}
    return ngettext("%(n)d new ticket since you looked: show it",
                    "%(n)d new tickets since you looked: show them", n) % {"n": n}


def live_context(request: HttpRequest, *, new: str = "", dashboard: bool = False,
                 email_id: int | None = None) -> dict:
    """What a page puts in its ``#triage-live`` mark: the endpoint's address with what
    the page saw as it was drawn, and the poll interval."""
    query: dict = {"new": new, "since": _newest(LIVE_MODELS[new])} if new else {}
    if dashboard:
        query["dashboard"] = 1
    if email_id is not None:
        query |= {"email": email_id, "event": _newest(EmailEvent)}
    return {"url": f"{reverse('admin:live')}?{urlencode(query)}",
            "interval_ms": INTERVAL_S * 1000, "reload": request.get_full_path()}


def _int(request: HttpRequest, name: str) -> int | None:
    try:
        return int(request.GET[name])
    except (KeyError, ValueError):
        return None


@never_cache
def live_view(request: HttpRequest) -> JsonResponse:
    """``GET /live/?new=email&since=41[&dashboard=1][&email=7&event=90]``: staff only
    (the admin's login), and each part only to whoever may see its page."""
    user = request.user
    out: dict = {}
    new, since = request.GET.get("new"), _int(request, "since")
    if new is not None:
        if new not in VIEW or since is None or not user.has_perm(VIEW[new]):
            raise PermissionDenied
        n = live_new(new, since)
        out |= {"new": n, "new_words": _new_words(new, n) if n else ""}
    if request.GET.get("dashboard"):
        if not user.has_perms(DASHBOARD_PERMISSIONS):
            raise PermissionDenied
        out["counts"] = live_dashboard(user)
    email_id, event = _int(request, "email"), _int(request, "event")
    if email_id is not None and event is not None:
        if not user.has_perm(VIEW["email"]):
            raise PermissionDenied
        changed = item_changed(email_id, event)
        out["changed"] = changed
        out["changed_words"] = _("This item changed since you opened it: reload it") \
            if changed else ""
    if not out:
        return JsonResponse({"error": "nothing asked"}, status=400)
    return JsonResponse(out)
