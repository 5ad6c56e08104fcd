"""The work every console page shares: who has the item (take, hand over, release),
the "mine" / "unassigned" filter, and the email's thread of notes. A ModelAdmin mixes
``WorkAdmin`` in before ``ReadOnlyAdmin`` and names its ``work_kind``."""

from __future__ import annotations

from functools import partial

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from triage import formats, labels
from triage.admin import replies
from triage.admin.base import ObjectAction
from triage.console_forms import NoteAddForm, ReplyForm, hand_over_form
from triage.forms import ActionForm
from triage.models import Note
from triage.sanitize import escape_for_display
from triage.selectors import drafts_awaiting_approval
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


def work_actions(kind: str) -> dict[str, ObjectAction]:
    """The ``object_actions`` entries of the shared work on ``kind``."""
    perm = f"triage.{ownership.KINDS[kind].permission}"
    reply = {"reply": ObjectAction(ReplyForm, REPLY, reply_send)} if kind == "email" else {}
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
        return [("yes", _("Drafts awaiting approval"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(pk__in=drafts_awaiting_approval().values("pk"))
        return queryset


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
        reply, reply_url = None, ""
        if "reply" in urls:
            reply = replies.reply_context(request, obj)
        elif user.has_perm(REPLY):
            page = reverse("admin:triage_inboundemail_change", args=[email_id])
            start = "decision-en" if self.work_kind == "ticket" else "ack-en"
            reply_url = f"{page}?reply={start}#reply"
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

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra = dict(extra_context or {})
        obj = self.get_object(request, object_id)
        if obj is not None:
            extra["work"] = self.work_context(request, obj)
        return super().change_view(request, object_id, form_url, extra)
