from django.core.management.base import BaseCommand

from lab import i18n


class Command(BaseCommand):
    help = ("Extract the strings marked in triage/ and templates/ into the pt_BR catalogue "
            "(keeping translations) and compile it with Babel (no GNU gettext needed).")

    def handle(self, *args, **opts) -> None:
        total, missing = i18n.update()
        self.stdout.write(f"{i18n.PO.relative_to(i18n.ROOT)}: {total} strings, "
                          f"{missing} untranslated")
