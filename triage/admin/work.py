"""The work every console page shares: who has the item (take, hand over, release),
the "mine" / "unassigned" filter, and the email's thread of notes. A ModelAdmin mixes
``WorkAdmin`` in before ``ReadOnlyAdmin`` and names its ``work_kind``."""

from __future__ import annotations

from functools import partial

from django.contrib import admin
from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from triage import formats, labels
from triage.admin import replies
from triage.admin.base import ObjectAction
from triage.admin.live import live_context
from triage.console_forms import NoteAddForm, ReplyForm, hand_over_form
from triage.forms import ActionForm
from triage.models import EmailEvent, Note, Reply
from triage.sanitize import escape_for_display
from triage.selectors import (
    awaiting_claimant,
    awaiting_second_desk,
    decisions_to_send,
    drafts_awaiting_approval,
)
from triage.services import notes, ownership
from triage.services.outcome import ReviewError
from triage.services.replies import reply_send

WORK_ACTIONS = ("take", "release", "hand_over", "note", "reply")
REPLY = "triage.reply_email"


def _email_id(kind: str, pk: int) -> int:
    return pk if kind == "email" else ownership._email_id(kind, pk)


def _note(kind: str, pk: int, actor, *, body: str):
    target = "" if kind == "email" else f"{kind}:{pk}"
    return notes.note_add(_email_id(kind, pk), actor, body=body, target=target)


def _reply(kind: str, pk: int, actor, **fields):
    return reply_send(_email_id(kind, pk), actor, **fields)


# Who answers the sender from an item's own page: anyone who may reply on the email's
# page; the trading desk on the escalation's (its own item).
_REPLIES = {"email": REPLY, "escalation": "triage.resolve_escalation"}


def work_actions(kind: str) -> dict[str, ObjectAction]:
    """The ``object_actions`` entries of the shared work on ``kind``."""
    perm = f"triage.{ownership.KINDS[kind].permission}"
    reply = {"reply": ObjectAction(ReplyForm, _REPLIES[kind], partial(_reply, kind))} \
        if kind in _REPLIES else {}
    return {
        **reply,
        "take": ObjectAction(ActionForm, perm, partial(ownership.assignee_take, kind)),
        "release": ObjectAction(ActionForm, perm, partial(ownership.assignee_release, kind)),
        "hand_over": ObjectAction(hand_over_form(ownership.KINDS[kind].permission), perm,
                                  partial(ownership.assignee_hand_over, kind)),
        "note": ObjectAction(NoteAddForm, "triage.view_inboundemail", partial(_note, kind)),
    }


class AssigneeFilter(admin.SimpleListFilter):
    title, parameter_name = _("assigned to"), "assignee"

    def lookups(self, request, model_admin):
        return [("mine", _("Mine")), ("unassigned", _("Unassigned")),
                ("others", _("Someone else"))]

    def queryset(self, request, queryset):
        match self.value():
            case "mine":
                return queryset.filter(assignee=request.user)
            case "unassigned":
                return queryset.filter(assignee__isnull=True)
            case "others":
                return queryset.exclude(assignee=request.user).exclude(assignee__isnull=True)
        return queryset


class AwaitingApprovalFilter(admin.SimpleListFilter):
    """The claims queue: drafts that can be approved (the ticket's state, not the email's)."""

    title, parameter_name = _("queue"), "awaiting"

    def lookups(self, request, model_admin):
        return [("yes", _("Drafts awaiting approval")),
                ("send", _("Approved, decision not yet sent"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(pk__in=drafts_awaiting_approval().values("pk"))
        if self.value() == "send":
            return queryset.filter(pk__in=decisions_to_send().values("pk"))
        return queryset


class SecondDeskFilter(admin.SimpleListFilter):
    """Escalations whose closing waits for a second desk member, and who asked."""

    title, parameter_name = _("second confirmation"), "second"

    def lookups(self, request, model_admin):
        return [("waiting", _("Awaiting a second desk member")),
                ("mine", _("Asked by me")), ("others", _("Asked by a colleague"))]

    def queryset(self, request, queryset):
        asked_by_me = Q(resolution_requested_by=request.user) | \
            Q(dismissal_requested_by=request.user)
        match self.value():
            case "waiting":
                return queryset.filter(pk__in=awaiting_second_desk().values("pk"))
            case "mine":
                return queryset.filter(pk__in=awaiting_second_desk().filter(asked_by_me)
                                       .values("pk"))
            case "others":
                return queryset.filter(pk__in=awaiting_second_desk().exclude(asked_by_me)
                                       .values("pk"))
        return queryset


class ClaimantFilter(admin.SimpleListFilter):
    """Emails we replied to whose sender has not answered since."""

    title, parameter_name = _("waiting for"), "waiting"

    def lookups(self, request, model_admin):
        return [("claimant", _("The claimant's answer to our reply")),
                ("claimant-mine", _("The claimant's answer to my reply"))]

    def queryset(self, request, queryset):
        rows = awaiting_claimant()
        if self.value() == "claimant-mine":
            rows = rows.filter(sent_replies__author=request.user,
                               sent_replies__state=Reply.State.SENT)
        elif self.value() != "claimant":
            return queryset
        return queryset.filter(pk__in=rows.values("pk"))


def handed_to(user, limit: int = 10) -> list[dict]:
    """Items colleagues handed over to ``user`` that are still theirs and still wait,
    newest first: the in-app side of the hand-over's email. From the items the person
    has (a few per kind), the last assignment of each: a hand-over to them."""
    targets = {f"{kind}:{pk}"
               for kind, spec in ownership.KINDS.items()
               for pk in spec.model.objects.filter(spec.open, assignee=user)
               .values_list("pk", flat=True)[:200]}
    if not targets:
        return []
    names = {"escalation": _("Escalation of email #%(id)s"),
             "ticket": _("Ticket for email #%(id)s"), "email": _("Email #%(id)s")}
    out, seen = [], set()
    events = (EmailEvent.objects.filter(kind__in=["assigned", "handed_over"],
                                        target__in=targets)
              .select_related("actor").order_by("-created_at", "-pk"))
    for event in events:
        if event.target in seen:
            continue
        seen.add(event.target)
        if event.kind != "handed_over":
            continue  # taken by themselves since
        kind, _sep, pk = event.target.partition(":")
        model = "inboundemail" if kind == "email" else kind
        out.append({"url": reverse(f"admin:triage_{model}_change", args=[int(pk)]),
                    "label": names[kind] % {"id": event.email_id},
                    "by": event.actor.get_username() if event.actor else _("system"),
                    "when": formats.when(event.created_at)})
        if len(out) >= limit:
            break
    return out


def note_place(target: str) -> str:
    """Where a note was written (its ``target``), in words."""
    places = {"": _("email"), "escalation": _("escalation"), "ticket": _("ticket")}
    return str(places.get(target.split(":")[0], target))


def thread(email_id: int) -> list[dict]:
    """The email's notes, oldest first, each with where it was written."""
    return [{"when": formats.when(n.created_at),
             "who": n.author.get_username() if n.author else _("system"),
             "where": note_place(n.target),
             "body": escape_for_display(labels.written(n.body))}
            for n in Note.objects.filter(email_id=email_id).select_related("author")]


@admin.display(description=_("escalation, ticket, forward"))
def related_items(email) -> str:
    """Links from an email to what it opened (the other pages link back)."""
    links = []
    for attr, name, label in (("escalation", "escalation", _("Escalation")),
                              ("ticket", "ticket", _("Ticket"))):
        item = getattr(email, attr, None)  # a missing one-to-one raises AttributeError
        if item is not None:
            url = reverse(f"admin:triage_{name}_change", args=[item.pk])
            state = item.get_state_display()
            if item.assignee_id:
                state = f"{state}, {item.assignee.get_username()}"
            links.append(format_html('<a href="{}" id="related-{}">{} ({})</a>', url, name,
                                     label, state))
    forward = getattr(email, "forward", None)
    if forward is not None:
        url = reverse("admin:triage_forward_change", args=[forward.pk])
        links.append(format_html('<a href="{}" id="related-forward">{} {}</a>', url,
                                 _("Forwarded to"), forward.to_address))
    count = email.sent_replies.count()
    if count:
        links.append(format_html('<a href="#notes">{}</a>', ngettext(
            "%(n)d reply sent", "%(n)d replies sent", count) % {"n": count}))
    return format_html_join(" · ", "{}", ((link,) for link in links)) if links else "-"


@admin.action(description=_("Take the selected items (assign to me)"), permissions=["work"])
def take_selected(modeladmin, request, queryset) -> None:
    """Each item through the same service as the page's button (audited), in order; an
    item someone else has, or that no longer waits, is left as it is and counted."""
    taken = refused = 0
    for pk in queryset.values_list("pk", flat=True)[:500]:
        try:
            ownership.assignee_take(modeladmin.work_kind, pk, request.user)
        except ReviewError:
            refused += 1
        else:
            taken += 1
    modeladmin.message_user(request, _("%(taken)d taken; %(refused)d were someone else's or "
                                       "no longer waiting.") % {"taken": taken,
                                                                "refused": refused})


class WorkAdmin:
    """Mixin for ``ReadOnlyAdmin`` subclasses; add ``work_actions(kind)`` to
    ``object_actions``."""

    work_kind = ""

    def has_work_permission(self, request) -> bool:
        return request.user.has_perm(f"triage.{ownership.KINDS[self.work_kind].permission}")

    @admin.display(description=_("assigned to"), ordering="assignee__username")
    def shown_assignee(self, obj) -> str:
        return obj.assignee.get_username() if obj.assignee_id else "-"

    def work_context(self, request, obj) -> dict:
        user = request.user
        spec = ownership.KINDS[self.work_kind]
        urls = {name: url for name, url in self.action_urls(request, obj).items()
                if name in WORK_ACTIONS}
        is_open = spec.model.objects.filter(spec.open, pk=obj.pk).exists()
        hand_over = None
        if "hand_over" in urls and is_open:
            hand_over = self.object_actions["hand_over"].form(
                initial={"seen": obj.assignee_id})
        email_id = _email_id(self.work_kind, obj.pk)
        email = obj if self.work_kind == "email" else obj.email
        reply, reply_url = None, ""
        if "reply" in urls and self._may_reply(user, obj):
            reply = replies.reply_context(request, email, page=request.path)
        elif user.has_perm(REPLY):
            page = reverse("admin:triage_inboundemail_change", args=[email_id])
            start = f"?reply=decision-{replies.sender_language(email)}" \
                if self.work_kind == "ticket" else ""
            reply_url = f"{page}{start}#reply"
        return {
            "reply": reply, "reply_url": reply_url, "replies": replies.sent(email_id),
            "assignee": obj.assignee,
            "is_mine": obj.assignee_id == user.pk,
            "can_take": "take" in urls and is_open and obj.assignee_id is None,
            "can_release": "release" in urls and obj.assignee_id == user.pk,
            "hand_over_form": hand_over,
            "urls": urls,
            "notes": thread(email_id),
            "note_form": NoteAddForm() if "note" in urls else None,
        }

    def _may_reply(self, user, obj) -> bool:
        """The desk answers from an escalation it has, or nobody has yet."""
        return self.work_kind != "escalation" or obj.assignee_id in (None, user.pk)

    def evidence_card(self, obj) -> dict | None:
        return None

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        obj = self.get_object(request, object_id)
        if obj is not None:
            extra["work"] = self.work_context(request, obj)
            extra["card"] = self.evidence_card(obj)
            # Tells the person when a colleague (or the pipeline) changes the item.
            extra["triage_live"] = live_context(
                request, email_id=obj.pk if self.work_kind == "email" else obj.email_id)
        return super().change_view(request, object_id, form_url, extra)

    def changelist_view(self, request, extra_context=None):
        # "N new since you looked" on the list (live.js asks ``admin:live``).
        extra = {**(extra_context or {}), "triage_live": live_context(request,
                                                                      new=self.work_kind)}
        return super().changelist_view(request, extra)
