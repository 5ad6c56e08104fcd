"""The only code that changes state. One module per entity, the only writer of its rows
(``tests/test_layout.py`` checks it); each write and its ``EmailEvent`` row share a
transaction, and side effects (notifications, publishing a task) run on commit."""
