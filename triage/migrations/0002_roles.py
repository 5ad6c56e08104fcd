"""Staff groups and what each may do. Server-side checks use these permissions."""

from django.db import migrations

VIEW = ["view_inboundemail", "view_emailevent", "view_attachment", "view_triagerun",
        "view_chaincall", "view_escalation", "view_ticket", "view_forward",
        "view_notification"]

GROUPS = {
    "Claims staff": VIEW + ["change_ticket", "approve_ticket"],
    "Trading desk": VIEW + ["change_escalation", "resolve_escalation"],
    "Triage admin": VIEW + ["retriage_email", "export_decisions", "decide_manually"],
}


def create_groups(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, codenames in GROUPS.items():
        group, _ = Group.objects.get_or_create(name=name)
        perms = list(Permission.objects.filter(content_type__app_label="triage",
                                               codename__in=codenames))
        missing = set(codenames) - {p.codename for p in perms}
        if missing:
            raise RuntimeError(f"permissions missing for {name}: {sorted(missing)}")
        group.permissions.set(perms)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=GROUPS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("triage", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]
    operations = [migrations.RunPython(create_groups, remove_groups)]
