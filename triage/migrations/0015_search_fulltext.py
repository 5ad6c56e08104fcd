"""Full-text search, on PostgreSQL only (SQLite, the demo's database, gets the attachment
text column and searches as typed: ``triage.search``).

One stored ``tsvector`` per email, ``search_vector``, that the database keeps current:
a trigger writes it on insert and whenever an update sets a column it reads (an
erasure that blanks the body blanks its words too; a change of status or owner does not
compute it again, as a generated column would), with a GIN index. What it holds
(``triage_email_vector``):

* every word of the subject, the sender's display name and address (its parts too:
  ``rotasul`` finds ``financeiro@rotasul.com.br``), the body and the attachments'
  text by its Portuguese stem, with its position (a phrase in quotes is matched word by
  word) and a weight for the rank (subject and sender A, body B, attachments C);
  numbers, addresses and references as they are. Stemmed first, then accent-free:
  ``reclamações`` and ``reclamação`` share ``reclam`` (stemmed accent-free, they
  would not), and ``contaminação`` is stored as ``contamin``;
* the English and the Spanish stems of the same words (the Snowball stemmers
  PostgreSQL ships), accent-free, without positions: ``contaminated`` is ``contamin``
  there too, and an accent-free word's English stem is mostly the word itself, which
  is how ``contaminacao`` typed without accents finds ``contaminação``;
* the words of the HTML's visible text, without positions (it mostly repeats the body).

Mail here arrives in Portuguese, English and Spanish with no reliable language tag
(a Brazilian mill writes English, a quoted reply mixes both), so every email gets the
three languages' stems rather than one guessed language; a word is looked up by its
three stems (``triage_word_query``). Three passes over the text, not four: the exact
words are the Portuguese pass's (a name, a number and most English words are their own
Portuguese stem).

Each part is read up to a bound (subject 2,000, body 60,000, attachments 40,000,
HTML 60,000 characters) so a vector stays under PostgreSQL's 1 MB and its positions
under 16,383: words further down are not searchable (the email's page shows them).

The functions are IMMUTABLE, as the expression indexes need: they are, as long as the
unaccent rules and the stemmers do not change (after a PostgreSQL upgrade that
changes them, ``UPDATE triage_inboundemail SET subject = subject`` recomputes the
vectors, and ``REINDEX`` the expression indexes).

Also: trigram indexes for contract and lot references and ticket numbers (whole or a
fragment), expression indexes on the words of notes, replies, escalations' and
tickets' own texts (small tables: no stored column; ``text || ' ' || text``, as
``concat_ws`` is not immutable), and the escalation queue's order as an index.

Existing mail is indexed here, 5,000 emails per statement (a few ms of the server's
CPU per email of a few KB); the GIN index is built after.
"""

from django.db import migrations, models

# The letters unaccent turns into a quote (ʼ -> '): out of the text before the
# Portuguese pass, whose accent-free lexemes go through tsvector's text form.
QUOTE_LETTERS = "ʹʻʼʽˈŉ"

FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION triage_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT {schema}.unaccent('{schema}.unaccent'::regdictionary, $1) $$;

-- A vector's lexemes accent-free, positions and weights kept (through its text form;
-- should a lexeme still not read back, without positions rather than an error). Its
-- exception block is a subtransaction, which a parallel worker cannot start: it and
-- the functions around it are PARALLEL RESTRICTED.
-- COST: it stands for the parser's passes around it (the SQL functions calling it are
-- inlined): priced so, the planner reads a note's words from its index rather than
-- computing them again for every note.
CREATE OR REPLACE FUNCTION triage_unaccent_vector(tsvector) RETURNS tsvector
    LANGUAGE plpgsql IMMUTABLE PARALLEL RESTRICTED STRICT COST 10000
    AS $$ BEGIN
        RETURN triage_unaccent($1::text)::tsvector;
    EXCEPTION WHEN syntax_error OR invalid_text_representation THEN
        RETURN array_to_tsvector(array_remove(string_to_array(
            triage_unaccent(array_to_string(tsvector_to_array($1), chr(1))), chr(1)), ''));
    END $$;

-- The Portuguese pass: words by their stem, accent-free, with positions.
CREATE OR REPLACE FUNCTION triage_pt_vector(text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED STRICT
    AS $$ SELECT triage_unaccent_vector(to_tsvector('triage_portuguese',
                                                  translate($1, '{quotes}', '      '))) $$;

-- The English and Spanish passes: stems only.
CREATE OR REPLACE FUNCTION triage_other_stems(text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT strip(to_tsvector('triage_english', $1))
              || strip(to_tsvector('triage_spanish', $1)) $$;

CREATE OR REPLACE FUNCTION triage_email_vector(subject text, from_header text,
        from_address text, body text, html text, attachments text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED
    AS $$ SELECT setweight(triage_pt_vector(concat_ws(' ', left(subject, 2000),
                     left(from_header, 1000), translate(left(from_address, 320), '@.', '  '))), 'A')
              || setweight(triage_pt_vector(left(coalesce(body, ''), 60000)), 'B')
              || setweight(triage_pt_vector(left(coalesce(attachments, ''), 40000)), 'C')
              || strip(triage_pt_vector(left(coalesce(html, ''), 60000)))
              || triage_other_stems(concat_ws(' ', left(subject, 2000), left(from_header, 1000),
                                              left(body, 60000), left(attachments, 40000))) $$;

CREATE OR REPLACE FUNCTION triage_text_vector(text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED
    AS $$ SELECT triage_pt_vector(left(coalesce($1, ''), 20000))
              || triage_other_stems(left(coalesce($1, ''), 20000)) $$;

-- Lexemes as a tsquery of alternatives, each as it is (no parsing again), with
-- ``suffix`` ('' or ':*', a prefix); NULL when there are none (a stop word).
CREATE OR REPLACE FUNCTION triage_lexeme_query(text[], suffix text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT string_agg('''' || replace(replace(l, '\', '\\'), '''', '''''') || ''''
                            || suffix, ' | ')::tsquery
          FROM (SELECT DISTINCT l FROM unnest($1) l WHERE l <> '') AS u $$;

-- Words in this order, as the Portuguese pass stores them (a phrase, a reference).
CREATE OR REPLACE FUNCTION triage_phrase_query(text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED STRICT
    AS $$ SELECT triage_unaccent(phraseto_tsquery('triage_portuguese',
                                                  translate($1, '{quotes}', '      '))::text
                                 )::tsquery $$;

-- One word as typed, by its three stems (a stop word in all three: as a phrase).
CREATE OR REPLACE FUNCTION triage_word_query(word text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED STRICT
    AS $$ SELECT coalesce(triage_lexeme_query(array[
              triage_unaccent((ts_lexize('portuguese_stem', lower(word)))[1]),
              (ts_lexize('english_stem', triage_unaccent(lower(word))))[1],
              (ts_lexize('spanish_stem', triage_unaccent(lower(word))))[1]], ''),
              triage_phrase_query(word)) $$;

-- The same word for marking the words shown (``ts_headline`` over ``triage_words``):
-- itself accent-free, and its stems as prefixes.
CREATE OR REPLACE FUNCTION triage_word_marks(word text) RETURNS tsquery
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT coalesce(plainto_tsquery('triage_words', word) || triage_lexeme_query(array[
              triage_unaccent((ts_lexize('portuguese_stem', lower(word)))[1]),
              (ts_lexize('english_stem', triage_unaccent(lower(word))))[1],
              (ts_lexize('spanish_stem', triage_unaccent(lower(word))))[1]], ':*'),
              plainto_tsquery('triage_words', word)) $$;
""".replace("{quotes}", QUOTE_LETTERS)

# Word token types only: numbers, addresses and paths are the Portuguese pass's.
_NOT_WORDS = ("email, url, url_path, host, file, int, uint, float, sfloat, version, "
              "numword, numhword, hword_numpart")
_STEMMED = "word, hword, hword_part"
CONFIGS = [
    ("triage_words", "simple", f"ALTER MAPPING FOR {_STEMMED} WITH unaccent, simple"),
    ("triage_portuguese", "portuguese", None),
    ("triage_english", "english",
     f"DROP MAPPING FOR {_NOT_WORDS}; ALTER TEXT SEARCH CONFIGURATION triage_english "
     f"ALTER MAPPING FOR {_STEMMED} WITH unaccent, english_stem"),
    ("triage_spanish", "spanish",
     f"DROP MAPPING FOR {_NOT_WORDS}; ALTER TEXT SEARCH CONFIGURATION triage_spanish "
     f"ALTER MAPPING FOR {_STEMMED} WITH unaccent, spanish_stem"),
]

EMAIL_VECTOR = ("triage_email_vector(subject, from_header, from_address, text_body, html_text, "
                "attachment_text)")
TEXT_COLUMNS = "subject, from_header, from_address, text_body, html_text, attachment_text"
# Written on insert and on an update that sets a column it reads (not on a change of
# status or owner: a generated column would be computed again on every update).
TRIGGER = f"""
CREATE OR REPLACE FUNCTION triage_email_search_update() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        NEW.search_vector := triage_email_vector(NEW.subject, NEW.from_header,
            NEW.from_address, NEW.text_body, NEW.html_text, NEW.attachment_text);
        RETURN NEW;
    END $$;
DROP TRIGGER IF EXISTS triage_email_search ON triage_inboundemail;
CREATE TRIGGER triage_email_search
    BEFORE INSERT OR UPDATE OF {TEXT_COLUMNS} ON triage_inboundemail
    FOR EACH ROW EXECUTE FUNCTION triage_email_search_update();
"""
BACKFILL_BATCH = 5_000
INDEXES = [
    ("triage_email_search", "triage_inboundemail", "USING gin (search_vector)"),
    ("triage_run_contract_trgm", "triage_triagerun",
     "USING gin (UPPER(contract_reference::text) gin_trgm_ops)"),
    ("triage_run_lot_trgm", "triage_triagerun",
     "USING gin (UPPER(lot_reference::text) gin_trgm_ops)"),
    ("triage_ticket_number_trgm", "triage_ticket",
     "USING gin (UPPER(arbitration_number::text) gin_trgm_ops)"),
    # The desk's queue in its order (pending, then acknowledged, least time left, oldest):
    # a page of it no longer sorts every escalation.
    ("triage_escalation_queue", "triage_escalation",
     "((CASE WHEN state = 'pending' THEN 0 WHEN state = 'acknowledged' THEN 1 ELSE 2 END), "
     "response_deadline NULLS LAST, created_at, id DESC)"),
    ("triage_note_words", "triage_note", "USING gin (triage_text_vector(body))"),
    ("triage_reply_words", "triage_reply",
     "USING gin (triage_text_vector(subject || ' ' || body))"),
    ("triage_escalation_words", "triage_escalation",
     "USING gin (triage_text_vector(note || ' ' || resolution_note || ' ' || dismissal_reason))"),
    ("triage_ticket_words", "triage_ticket",
     "USING gin (triage_text_vector(rejection_reason || ' ' || "
     "coalesce(data -> 'claim' ->> 'claiming_party', '')))"),
]


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    run = schema_editor.execute
    run("CREATE EXTENSION IF NOT EXISTS unaccent")
    run("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT extnamespace::regnamespace::text FROM pg_extension "
                       "WHERE extname = 'unaccent'")
        schema = cursor.fetchone()[0]
    for name, parent, change in CONFIGS:
        run(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}")
        run(f"CREATE TEXT SEARCH CONFIGURATION {name} (COPY = {parent})")
        if change:
            run(f"ALTER TEXT SEARCH CONFIGURATION {name} {change}")
    run(FUNCTIONS.replace("{schema}", schema))
    run("ALTER TABLE triage_inboundemail ADD COLUMN IF NOT EXISTS search_vector tsvector")
    run(TRIGGER)
    # Existing mail, in batches (each its own statement: no transaction holds them all).
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT coalesce(max(id), 0) FROM triage_inboundemail")
        last = cursor.fetchone()[0]
    for start in range(0, last + 1, BACKFILL_BATCH):
        run(f"UPDATE triage_inboundemail SET search_vector = {EMAIL_VECTOR} "
            f"WHERE id >= {start} AND id < {start + BACKFILL_BATCH}")
    for name, table, definition in INDEXES:
        run(f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {name} ON {table} {definition}")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _, _ in INDEXES:
        schema_editor.execute(f"DROP INDEX CONCURRENTLY IF EXISTS {name}")
    schema_editor.execute("DROP TRIGGER IF EXISTS triage_email_search ON triage_inboundemail")
    schema_editor.execute("DROP FUNCTION IF EXISTS triage_email_search_update()")
    schema_editor.execute("ALTER TABLE triage_inboundemail DROP COLUMN IF EXISTS search_vector")
    for signature in ("triage_word_marks(text)", "triage_word_query(text)",
                      "triage_phrase_query(text)", "triage_lexeme_query(text[], text)",
                      "triage_text_vector(text)",
                      "triage_email_vector(text, text, text, text, text, text)",
                      "triage_other_stems(text)", "triage_pt_vector(text)",
                      "triage_unaccent_vector(tsvector)"):
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {signature}")
    for name, _, _ in CONFIGS:
        schema_editor.execute(f"DROP TEXT SEARCH CONFIGURATION IF EXISTS {name}")
    schema_editor.execute("DROP FUNCTION IF EXISTS triage_unaccent(text)")


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("triage", "0014_quality_permission_and_run_index"),
    ]

    operations = [
        migrations.AddField(
            model_name="inboundemail", name="attachment_text",
            field=models.TextField(blank=True, help_text="The attachments' text as the last "
                                   "triage read it, for search")),
        migrations.RunPython(create, drop, elidable=False),
    ]
