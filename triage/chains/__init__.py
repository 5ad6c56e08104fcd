"""One module per chain (schema + prompt + build). None imports another; models come
from ``llm.py`` and the untrusted-data envelope from ``untrusted.py``."""
