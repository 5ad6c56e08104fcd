"""Scratch PostgreSQL databases for benchmarks and reliability runs."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from django.conf import settings
from django.core.management.base import CommandError


def server_params() -> dict:
    """The configured PostgreSQL server; a clear error for anything else."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.postgresql":
        raise CommandError("set DATABASE_URL to a PostgreSQL server (see README)")
    return {"host": db["HOST"] or "127.0.0.1", "port": db["PORT"] or 5432,
            "user": db["USER"], "password": db["PASSWORD"]}


def connect(params: dict, dbname: str = "postgres"):
    return psycopg.connect(host=params["host"], port=params["port"],
                           user=params["user"] or None, password=params["password"] or None,
                           dbname=dbname, autocommit=True)


def url(params: dict, dbname: str) -> str:
    auth = params["user"] + (f":{params['password']}" if params["password"] else "")
    return f"postgres://{auth}@{params['host']}:{params['port']}/{dbname}"


def new_name(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:8]}"


def create(params: dict, name: str) -> None:
    with connect(params) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')


def drop(params: dict, name: str) -> None:
    with connect(params) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def scratch_database(params: dict, prefix: str, *, keep: bool = False) -> Iterator[str]:
    """Create an empty database, yield its name, drop it afterwards."""
    name = new_name(prefix)
    create(params, name)
    try:
        yield name
    finally:
        if not keep:
            drop(params, name)
