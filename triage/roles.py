"""Staff roles. The groups and their permissions are created by a data migration;
this module only knows their names, for the demo."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

CLAIMS_STAFF = "Claims staff"
TRADING_DESK = "Trading desk"
TRIAGE_ADMIN = "Triage admin"

VIEW = ["view_inboundemail", "view_emailevent", "view_attachment", "view_triagerun",
        "view_chaincall", "view_escalation", "view_ticket", "view_forward",
        "view_notification", "view_ticketversion", "view_note", "view_reply"]

GROUP_PERMISSIONS = {
    CLAIMS_STAFF: [*VIEW, "approve_ticket", "reply_email"],
    TRADING_DESK: [*VIEW, "resolve_escalation"],
    TRIAGE_ADMIN: [*VIEW, "retriage_email", "export_decisions", "decide_manually",
                   "reply_email", "view_quality"],
}
# The quality page is the triage admins' and the desk lead's: the lead is a trading desk
# member given ``view_quality`` on their own user (no group of one).
QUALITY_PERMISSION = "triage.view_quality"


def ensure_groups(group_model, permission_model,
                  groups: dict[str, list[str]] | None = None) -> None:
    """Create the staff groups with exactly their permissions (idempotent). Takes the
    models so the data migration can pass its historical ones, and a data migration
    passes the groups as they were at its point in history."""
    for name, codenames in (groups or GROUP_PERMISSIONS).items():
        group, _ = group_model.objects.get_or_create(name=name)
        perms = list(permission_model.objects.filter(content_type__app_label="triage",
                                                     codename__in=codenames))
        missing = set(codenames) - {p.codename for p in perms}
        if missing:
            raise RuntimeError(f"permissions missing for {name}: {sorted(missing)}")
        group.permissions.set(perms)


# Two of each group that has a two-person rule (four eyes on a ticket, a second desk
# member to close what the backstop raised), so every rule can be tried in the demo.
# Each with a full name: a reply is signed by the person who sends it.
DEMO_USERS = [
    ("claims", CLAIMS_STAFF, "Ana", "Ribeiro"),
    ("claims2", CLAIMS_STAFF, "Bruno", "Carvalho"),
    ("desk", TRADING_DESK, "Carla", "Mendes"),
    ("desk2", TRADING_DESK, "Diego", "Souza"),
    ("triager", TRIAGE_ADMIN, "Elisa", "Martins"),
]


def demo_users() -> list[tuple[str, str, str]]:
    User = get_user_model()
    out = []
    for username, group_name, first, last in DEMO_USERS:
        group = Group.objects.filter(name=group_name).first()
        if group is None:
            continue
        password = secrets.token_urlsafe(9)
        user, _ = User.objects.get_or_create(username=username,
                                             defaults={"email": f"{username}@localhost"})
        user.is_staff = True
        user.first_name, user.last_name = first, last
        user.set_password(password)
        user.save()
        user.groups.set([group])
        out.append((username, password, group_name))
    return out


# What a reply's signature calls each group (``reply_templates``: desk, claims, triage).
SIGNATURE_ROLES = {TRADING_DESK: "desk", CLAIMS_STAFF: "claims", TRIAGE_ADMIN: "triage"}


def signature_role(user) -> str:
    """The role a reply is signed with: the person's staff group ("" for none)."""
    names = set(user.groups.values_list("name", flat=True))
    for group, role in SIGNATURE_ROLES.items():
        if group in names:
            return role
    return "triage" if user.is_superuser else ""
