"""The staff console: presentation and permissions only; every change goes through
``triage.services``.

One module per concern: ``site`` (the AdminSite), ``base`` (read-only admins and the
one table of staff actions), ``display`` (how a sender's or a model's text reaches a
page), ``filters``, ``exports``, and the modules that register ModelAdmins:
``emails``, ``escalations``, ``tickets``, ``records``, ``texts`` (imported by
``triage.apps.TriageAdminConfig`` once the site exists).
"""
