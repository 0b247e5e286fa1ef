"""Elor: Guillaume Ponce's free, generic d10 rules (seed 003, digest shared/rules/elor.md)."""
