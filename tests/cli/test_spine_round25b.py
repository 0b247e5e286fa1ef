"""Round 25 of the spine, a second play-test on two games' campaigns in one journal: a receipt
kept from one campaign checked against another is refused naming whose it is (ruling EB36), and a
log page is asked for with its size and said to be past the end when it is (ruling TB21)."""

from __future__ import annotations

import json
import re

from support import SAMPLES, run
from verdelune_party import verdelune_party


def _two_campaigns(db: str) -> tuple[str, str]:
    """Verdelune (Cartes) after its first session, Tolosa (Elor) beside it: the seal and the
    commitment Verdelune's first session's end printed."""
    verdelune_party(db)
    ended = run(db, "session", "end", "Verdelune").stdout
    run(db, "campaign", "new", "Tolosa", "--ruleset", "elor")
    run(db, "character", "new", "Tolosa", "--sheet", str(SAMPLES / "elor_samson.toml"))
    seal = re.search(r"seal: ([0-9a-f]{64})", ended)
    commitment = re.search(r"commitment of the dice of the downtime after session 1: ([0-9a-f]{64})", ended)
    assert seal and commitment, ended
    return seal[1], commitment[1]


def _refusal(db: str, *args: str) -> str:
    result = run(db, *args, check=False)
    assert (result.returncode, result.stdout) == (2, ""), result
    return result.stderr.strip()


def test_a_seal_kept_from_another_campaign_is_refused_naming_whose_it_is_ruling_eb36(db: str) -> None:
    seal, _ = _two_campaigns(db)
    # It read "Tolosa: FAILED at kept seal …: the journal does not hold this seal any more: it was
    # rewritten or cut short", exit 1: a tampering Tolosa's journal never suffered.
    said = (
        f"error: the kept seal {seal[:16]}… is one of Verdelune's receipts, not Tolosa's: "
        f"check it with `chronique verify Verdelune --seal {seal}`"
    )
    assert _refusal(db, "verify", "Tolosa", "--seal", seal) == said
    assert _refusal(db, "seal", "check", "Tolosa", seal) == said
    assert run(db, "verify", "Verdelune", "--seal", seal).returncode == 0


def test_a_commitment_kept_from_another_campaign_is_refused_too_ruling_eb36(db: str) -> None:
    _, commitment = _two_campaigns(db)
    said = _refusal(db, "verify", "Tolosa", "--commitment", commitment)
    assert said.startswith(f"error: the kept commitment {commitment[:16]}… is one of Verdelune's receipts, not Tolosa's"), said
    assert run(db, "verify", "Verdelune", "--commitment", commitment).returncode == 0


def test_a_seal_no_campaign_holds_still_fails_its_campaign_ruling_eb36(db: str) -> None:
    seal, _ = _two_campaigns(db)
    forged = ("0" if seal[0] != "0" else "1") + seal[1:]
    result = run(db, "verify", "Tolosa", "--seal", forged, check=False)
    assert result.returncode == 1 and "does not hold this seal any more" in result.stdout, result


def test_a_log_page_needs_its_size_ruling_tb21(db: str) -> None:
    verdelune_party(db)
    # --page without --limit was dropped unsaid: the whole log came out as though it were page 3.
    assert _refusal(db, "log", "Verdelune", "--page", "3") == "error: `--page 3` counts pages of `--limit` events: give `--limit` too"
    assert _refusal(db, "log", "Verdelune", "--tail", "2", "--page", "2") == (
        "error: give `--tail` or `--page`, not both: `--tail` shows the last events, `--page` a page of `--limit`"
    )


def test_a_log_page_past_the_end_says_so_ruling_tb21(db: str) -> None:
    verdelune_party(db)
    # It said "no entry of the log to show", as though the log (or its filter) held none; it names
    # the last page to type, in backticks (ruling EB52).
    last = -(-len(json.loads(run(db, "log", "Verdelune", "--json").stdout)) // 5)
    assert run(db, "log", "Verdelune", "--limit", "5", "--page", "900").stdout == (
        f"Verdelune: page 900 is past the end of the log asked for (5 entries a page): the last is `--page {last}`\n"
    )
    assert (
        run(db, "log", "Verdelune", "--limit", "5", "--page", "900", "--kind", "died").stdout == "Verdelune: no entry of the log to show\n"
    )
    assert run(db, "log", "Verdelune", "--limit", "5", "--page", "1").stdout.count("Verdelune") >= 1


def test_a_first_page_reads_as_before_ruling_tb21(db: str) -> None:
    verdelune_party(db)
    assert (
        run(db, "log", "Verdelune", "--limit", "2", "--json").stdout
        == run(db, "log", "Verdelune", "--limit", "2", "--page", "1", "--json").stdout
    )
