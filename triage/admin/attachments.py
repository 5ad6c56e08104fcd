"""An email's attachments on its page: the inline list with download and preview links,
and the two views behind them (permission checked, every opening audited)."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from triage.admin.base import ReadOnlyInline
from triage.admin.display import esc
from triage.admin.files import attachment_response, is_previewable, safe_filename
from triage.models import Attachment
from triage.services import privacy


class AttachmentInline(ReadOnlyInline):
    model = Attachment
    fields = ["shown_filename", "content_type", "declared_type", "size", "stored", "open_links"]
    readonly_fields = fields

    @admin.display(description=_("filename"))
    def shown_filename(self, obj: Attachment) -> str:
        return esc(obj.filename)

    @admin.display(description=_("open"))
    def open_links(self, obj: Attachment) -> str:
        if not obj.stored:
            return "-"
        args = [obj.email_id, obj.pk]
        download = format_html('<a href="{}">{}</a>',
                               reverse("admin:triage_inboundemail_attachment", args=args),
                               gettext("Download"))
        if not is_previewable(obj):
            return download
        return format_html('{} &middot; <a href="{}">{}</a>', download,
                           reverse("admin:triage_inboundemail_attachment_preview", args=args),
                           gettext("Preview"))


class AttachmentViews:
    """Mixin for the email admin: the download and the sandboxed preview page."""

    def _attachment(self, request: HttpRequest, pk: int, attachment_id: int) -> Attachment:
        # Anyone in a triage group (each has view_attachment); staff in none are refused.
        if not request.user.has_perm("triage.view_attachment"):
            raise PermissionDenied
        attachment = get_object_or_404(Attachment, pk=attachment_id, email_id=pk)
        if not attachment.stored or not attachment.file:
            raise Http404("not stored: over the size cap, or removed by retention")
        return attachment

    def attachment_view(self, request: HttpRequest, pk: int,
                        attachment_id: int) -> HttpResponse:
        """?preview=1 serves an image or PDF inline for the sandboxed frame; anything
        else is always a download."""
        attachment = self._attachment(request, pk, attachment_id)
        preview = request.GET.get("preview") == "1" and is_previewable(attachment)
        privacy.email_opened(pk, request.user, what="attachment",
                             target=f"attachment:{attachment.pk}", data={"preview": preview})
        return attachment_response(attachment, preview=preview)

    def attachment_preview_view(self, request: HttpRequest, pk: int,
                                attachment_id: int) -> TemplateResponse:
        attachment = self._attachment(request, pk, attachment_id)
        if not is_previewable(attachment):
            raise Http404("no preview for this type: download it")
        url = reverse("admin:triage_inboundemail_attachment", args=[pk, attachment.pk])
        return TemplateResponse(request, "admin/triage/attachment/preview.html", {
            **self.admin_site.each_context(request),
            "title": gettext("Attachment of email #%(id)s") % {"id": pk},
            "filename": safe_filename(attachment.filename, f"attachment-{attachment.pk}"),
            "size": attachment.size, "content_type": attachment.content_type,
            "download_url": url, "preview_url": f"{url}?preview=1",
            "email_url": reverse("admin:triage_inboundemail_change", args=[pk]),
        })
