"""Staff groups after the review console: view ticket versions; claims staff no longer
need the model's change permission (actions use approve_ticket)."""

from django.db import migrations

# The groups as they were at this point (later migrations add permissions).
_VIEW = ["view_inboundemail", "view_emailevent", "view_attachment", "view_triagerun",
         "view_chaincall", "view_escalation", "view_ticket", "view_forward",
         "view_notification", "view_ticketversion"]
GROUPS = {
    "Claims staff": [*_VIEW, "approve_ticket"],
    "Trading desk": [*_VIEW, "resolve_escalation"],
    "Triage admin": [*_VIEW, "retriage_email", "export_decisions", "decide_manually"],
}


def update_groups(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    from triage.roles import ensure_groups

    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    ensure_groups(apps.get_model("auth", "Group"), apps.get_model("auth", "Permission"),
                  GROUPS)


class Migration(migrations.Migration):
    dependencies = [("triage", "0003_review_console")]
    operations = [migrations.RunPython(update_groups, migrations.RunPython.noop)]
