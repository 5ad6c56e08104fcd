"""Two lines every console test needs; the objects themselves come from tests.factories."""

from __future__ import annotations


def login(client, user):
    client.force_login(user)
    return client


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []
