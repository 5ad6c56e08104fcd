"""Staff roles. The groups and their permissions are created by a data migration;
this module only knows their names, for the demo."""

from __future__ import annotations

import secrets

CLAIMS_STAFF = "Claims staff"
TRADING_DESK = "Trading desk"
TRIAGE_ADMIN = "Triage admin"

DEMO_USERS = [
    ("claims", CLAIMS_STAFF),
    ("desk", TRADING_DESK),
    ("triager", TRIAGE_ADMIN),
]


def demo_users() -> list[tuple[str, str, str]]:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    User = get_user_model()
    out = []
    for username, group_name in DEMO_USERS:
        group = Group.objects.filter(name=group_name).first()
        if group is None:
            continue
        password = secrets.token_urlsafe(9)
        user, _ = User.objects.get_or_create(username=username,
                                             defaults={"email": f"{username}@localhost"})
        user.is_staff = True
        user.set_password(password)
        user.save()
        user.groups.set([group])
        out.append((username, password, group_name))
    return out
