"""Deterministic readers of what an email states (pure, linear-time, EN/PT/ES): money,
dates and deadlines, and claim and bank-change signals. The backstop reads objective
facts through them; the offline provider's own heuristics live in ``triage.offline``.
"""
