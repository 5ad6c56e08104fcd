"""The lab: benchmarks, load and fault runs, the scripted Gemini server, the
evaluation and red-team runners, their commands and data. Installed by
``config.settings_lab`` (dev and test) only; nothing in ``triage`` imports it."""
