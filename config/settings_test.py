"""Test settings: the lab settings with a fast password hasher. Every test that logs a
person in creates users first, and PBKDF2's deliberate slowness (hundreds of
thousands of rounds per password) was most of the suite's set-up time. Only pytest
uses this module (pyproject); the demo, the lab commands and production keep
Django's slow hashers.
"""

from config.settings_lab import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
