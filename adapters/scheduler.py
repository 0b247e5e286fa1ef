"""The automation daemon: APScheduler 3.11 paces every campaign between sessions.

The scheduler only knows wall time. Its one job, kept in the journal's own database, wakes every
``tick`` seconds and claims the campaigns due by then from the table of next advances
(adapters/pacingdue.py); a campaign behind is advanced once, to where its pacing puts the clock
now (never once per missed run: the target comes from the pacing's anchor). Each advance is one
transaction, so stopping the daemon at any moment loses nothing.
"""

from __future__ import annotations

import fcntl
import logging
import signal
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from functools import partial
from pathlib import Path
from types import FrameType
from typing import IO
from uuid import UUID

from apscheduler.executors.pool import ThreadPoolExecutor
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.background import BackgroundScheduler

from chronique.adapters.bootstrap import build
from chronique.adapters.database import engine_for, schema_change
from chronique.adapters.locks import CampaignBusy
from chronique.adapters.pacingdue import PacingDue
from chronique.adapters.services import Advanced, Chronique
from chronique.adapters.settings import Settings
from chronique.domain.campaign import Campaign
from chronique.domain.errors import RuleViolation
from chronique.domain.gametime import spanning

JOB_ID = "chronique-pacing"
# Campaigns claimed, and advanced in one transaction, at a time: one commit for many advances,
# while two daemons still share a few hundred due campaigns (bench/daemon_bench.py, 1,000 due:
# two daemons 1.44x one with 20, 1.56x with 50).
CLAIM_BATCH = 50
log = logging.getLogger("chronique.daemon")


def pace_all(db: str) -> None:
    """The job: advance every paced campaign that is behind its pacing (module-level, so the job
    store can name it)."""
    services = build(db, create=False)  # a journal deleted under the daemon is never made anew
    try:
        pace_every(services)
    finally:
        services.close()


def pace_every(services: Chronique, batch: int = CLAIM_BATCH) -> int:
    """One pacing check on the journal of ``services``; how many campaigns it advanced. Wall time
    is read once: every campaign is paced to the same instant. The campaigns due then are claimed
    ``batch`` at a time from the table of next advances (adapters/pacingdue.py), so a check with
    nothing due is one indexed query and several daemons split the work, none waiting on a
    campaign another claimed. A batch is advanced in one transaction where it can be, else
    campaign by campaign; each campaign is loaded once, by its id, and reported from its
    advance's own events; the read models catch up once, after a pass that advanced any (issue 20)."""
    now = services.clock()
    passed_over: set[UUID] = set()  # tried and not advanced (busy, failing): not claimed again this pass
    due, advanced = 0, 0
    while True:
        with services.journal.claim_due(now, batch, passed_over) as claimed:
            for campaign_id, moved in _pace_batch(services, claimed, now).items():
                if moved:
                    advanced += 1
                else:
                    passed_over.add(campaign_id)
        if not claimed:
            break
        due += len(claimed)
    if advanced:
        # Once for the whole pass (a read catches up first anyway); events another process
        # committed but could not project (killed before its catch-up) are projected too.
        services.catch_up()
    log.debug("pacing check done: %s due, %s advanced", _campaigns(due), advanced)
    return advanced


def _pace_batch(services: Chronique, claimed: list[UUID], now: datetime) -> dict[UUID, bool]:
    """Advance the claimed campaigns, in one transaction where it can; whether each moved."""
    campaigns: dict[UUID, Campaign] = {}  # as their advance loaded them, named in the log
    together = services.pace_many(claimed, now, _announcer(services, campaigns)) if claimed else {}
    moved = {}
    for campaign_id in claimed:
        if together is None or campaign_id not in together:  # held by another writer, or the batch failed
            moved[campaign_id] = _safely(services, campaign_id, partial(_pace, services, campaign_id, now, campaigns))
        elif (advanced := together[campaign_id]) is None:
            moved[campaign_id] = _safely(services, campaign_id, partial(_not_advanced, services, campaign_id))
        else:
            moved[campaign_id] = _report(services, campaigns[campaign_id], advanced)
    return moved


def _announcer(services: Chronique, campaigns: dict[UUID, Campaign]) -> Callable[[Campaign, int], None]:
    """What an advance calls as it starts: keeps the campaign (for the report) and says so."""

    def starting(campaign: Campaign, target: int) -> None:
        # Said before the advance runs: a GM reading the log of a daemon stopped by force sees
        # what it was doing (the journal keeps nothing of an advance that did not finish).
        campaigns[campaign.id] = campaign
        calendar = services.calendar(campaign)
        log.info("%s: advancing from %s to %s", campaign.name, calendar.format(campaign.clock), calendar.format(target))

    return starting


def _safely(services: Chronique, campaign_id: UUID, pace: Callable[[], bool]) -> bool:
    """``pace()``, a campaign's failure logged: one campaign must not stop the others."""
    try:
        return pace()
    except CampaignBusy as busy:  # a GM's long command: the next check paces it, one line says why
        log.warning("%s: not advanced this time: %s", _name(services, campaign_id), busy)
    except Exception:  # noqa: BLE001 - one campaign's failure must not stop the others
        log.exception("could not advance %s", _name(services, campaign_id))
    return False


def _pace(services: Chronique, campaign_id: UUID, now: datetime, campaigns: dict[UUID, Campaign]) -> bool:
    """Advance one campaign on its own (waiting for its lock) to where its pacing puts the clock
    at ``now``; whether it moved."""
    advanced = services.pace(campaign_id, now, _announcer(services, campaigns))
    if advanced is None:
        return _not_advanced(services, campaign_id)
    return _report(services, campaigns[campaign_id], advanced)


def _not_advanced(services: Chronique, campaign_id: UUID) -> bool:
    """A campaign claimed as due and found not due under its lock: a session opened, or another
    daemon advanced it, since its row was read; or the row was out of date (written by an older
    Chronique). The row is rewritten from the campaign, so no check claims it again. False: it
    did not move."""
    with services.locks.hold(campaign_id):
        campaign = services.campaign_by_id(campaign_id)
        services.journal.write_due(PacingDue.of(campaign))
    log.info("%s: not advanced after all (a session opened, or another daemon advanced it, meanwhile)", campaign.name)
    return False


def _report(services: Chronique, campaign: Campaign, advanced: Advanced) -> bool:
    """Log what an advance did, from its own events (rereading every campaign's log made a pass
    quadratic); True: it moved the campaign."""
    calendar = services.calendar(campaign)
    label = spanning(calendar, advanced.from_time, advanced.to_time)
    log.info(
        "%s: advanced from %s to %s; %s",
        campaign.name,
        label(advanced.from_time),
        label(advanced.to_time),
        _fired(len(advanced.ticks)),
    )
    for at, who, what in services.noteworthy(campaign, advanced.events, advanced.from_time + 1):
        log.warning("%s: %s %s %s", campaign.name, calendar.format(at), who, what)
    # Then what no advance settles, as `advance` ends its report (a critical wound waiting for
    # care, ruling M68). Said again at each advance while it waits, so as the advance's own line
    # is (info), not as news of what the advance did (warnings).
    for at, who, what in advanced.waiting:
        log.info("%s: still waiting at %s, which no advance settles: %s: %s", campaign.name, calendar.format(at), who, what)
    return True


def _name(services: Chronique, campaign_id: UUID) -> str:
    """The campaign's name for a log line, or its id if even loading it fails."""
    try:
        return services.campaign_by_id(campaign_id).name
    except Exception:  # noqa: BLE001 - a log line about a failure must not fail itself
        return str(campaign_id)


def _campaigns(count: int) -> str:
    return f"{count} campaign" if count == 1 else f"{count} campaigns"


def _fired(count: int) -> str:
    if count == 0:
        return "nothing was due on the way"
    return "1 process fired on the way" if count == 1 else f"{count} processes fired on the way"


class Daemon:
    """A scheduler on one journal (on SQLite a lock file keeps it the only one), stopped cleanly by
    SIGTERM or SIGINT."""

    def __init__(self, db: str | None, tick: float) -> None:
        self.settings = Settings.from_env(db)
        self.tick = tick
        self._stop = threading.Event()

    def run(self) -> None:
        """Run until a signal asks to stop; a running advance is let finish first."""
        with self._lock():
            engine = engine_for(self.settings)
            store = SQLAlchemyJobStore(engine=engine, tablename="chronique_jobs")
            with schema_change(engine) as connection:  # before the store's own unguarded create
                store.jobs_t.create(connection, checkfirst=True)
            scheduler = BackgroundScheduler(
                jobstores={"default": store},
                executors={"default": ThreadPoolExecutor(1)},
                job_defaults={"coalesce": True, "max_instances": 1, "misfire_grace_time": None},
            )
            # The job store keeps the job's arguments: an absolute path survives a change of directory.
            scheduler.add_job(pace_all, "interval", seconds=self.tick, id=JOB_ID, replace_existing=True, args=[self.settings.absolute])
            for sig in (signal.SIGTERM, signal.SIGINT):
                signal.signal(sig, self._on_signal)
            scheduler.start()
            log.info("daemon started on %s, pacing every %s s", self.settings.shown(), self.tick)
            scheduler.modify_job(JOB_ID, next_run_time=_now(scheduler))  # catch up at once
            # A signal may land on any thread, and Python runs its handler only when the main thread
            # next runs: an untimed wait could sleep through SIGTERM forever. Wake up to check.
            while not self._stop.wait(0.2):
                pass
            log.info("stopping: letting any running advance finish")
            scheduler.shutdown(wait=True)
            engine.dispose()
            log.info("daemon stopped")

    def _on_signal(self, signum: int, _: FrameType | None) -> None:
        log.info("received %s", signal.Signals(signum).name)
        self._stop.set()

    def _lock(self) -> AbstractContextManager[object]:
        # On PostgreSQL several daemons may run, on several machines: they split the due campaigns
        # (adapters/pacingdue.py, ruling DM2), and each advance goes to an absolute target under
        # the campaign's lock, so a second daemon finds the work done and never applies a tick twice.
        if self.settings.is_postgres:
            return nullcontext()
        return _LockFile(Path(f"{self.settings.sqlite_path}.daemon.lock"))


class _LockFile:
    """An exclusive lock on a file beside the journal: APScheduler 3 job stores must not be shared."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: IO[str] | None = None

    def __enter__(self) -> _LockFile:
        self.handle = self.path.open("w")
        try:
            fcntl.flock(self.handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.handle.close()
            raise RuleViolation(f"another daemon already runs on this journal ({self.path})") from None
        return self

    def __exit__(self, *_: object) -> None:
        assert self.handle is not None
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


def _now(scheduler: BackgroundScheduler) -> datetime:
    """Now in the scheduler's own time zone, as APScheduler wants it."""
    return datetime.now(scheduler.timezone)
