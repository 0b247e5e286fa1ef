"""An event stores exactly what it was hashed as when recorded, even when the rule goes on
changing the body it copied from (FAIRNESS.md, hash chain; found by issue 13's tests)."""

from __future__ import annotations

from support import sample, scripted_services

from chronique.domain.rulesets.westernparade.care import drink


def test_a_comas_losses_leave_the_drink_recorded_before_them_unchanged_4_1_3(db: str) -> None:
    services = scripted_services(db, b"coma-1")  # seeds under which the first END roll fails
    services.create_campaign("Shotgun City", "western-parade", "1873-04-12 08:00")
    services.create_character("Shotgun City", sample("wp_sam"))
    services.start_session("Shotgun City")
    services.act("Shotgun City", lambda w: drink(w, "Sam Parkerson", 400))
    coma = next(e for e in services.log("Shotgun City") if type(e).__name__ == "ComaEndured")
    assert coma.losses == {"INT": 1}  # §4.1.3 L2853: the failed roll's loss, written after the drink
    report = services.audit.verify("Shotgun City")
    services.close()
    assert report.ok, report.summary()
