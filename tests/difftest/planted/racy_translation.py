"""The translation of racy.py that computes what pure Python computes."""


def power3(n):
    return 3 ** n
