"""The only code that changes state. One module per area; each write and its
``EmailEvent`` row share a transaction, and side effects run on commit."""
