"""Answering a run's questions in worker processes (``--jobs``), yielded in input order as they finish.

A forked reader (:mod:`~stategraph.solving.reader`) reads or cuts the input.  This process sends
its questions in batches to a :class:`~concurrent.futures.ProcessPoolExecutor` of forked workers (a
worker builds an instance's model once for all the questions of it it gets) and yields the answers
in input order as soon as each and those before it are in, the input still coming; a few batches
per worker are in flight at most, so memory stays flat.  A fault at question k is raised after
every answer before it, as with one job; a child that dies is :class:`WorkerLost`.  What plug-in
code writes to ``sys.stdout`` and ``sys.stderr`` in a child is kept, in the bytes those streams
would have written, and written here where one job writes it (:mod:`~stategraph.solving.carried`;
bytes written to the descriptors themselves go out at once).  Every child ends with the run, and
with this process however it ends (:mod:`~stategraph.parent_death`: the thread that first asks for
a record must outlive the run).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from collections import deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from time import process_time
from typing import Any

from ..contract.cuts import INSTANCE, QUESTION
from ..errors import ContractError, shorten
from ..search.solution import Solution
from .carried import Capture, carried, rebuilt, said_pair, write_out
from .cutting import InFile, Span, WorkerLost, lost
from .reader import Reader, Unit, as_child, cut_stream, signals_held
from .records import Record

__all__ = ["WorkerLost", "answer_in_workers", "worker_count"]

PIPELINE = 2  # batches in a worker's hands at most: it never waits for the next
WINDOW = 4  # batches sent per worker, answered or not, before the earliest is yielded
BATCH_SECONDS = 0.2  # a batch holds about this much work (at most MAX_BATCH questions): the executor
MAX_BATCH = 1024  # costs this process about 1 ms of CPU a batch (the last batches shrink: see drained)


def worker_count(jobs: int) -> int:
    """The worker processes ``jobs`` asks for, at most one per core (more cannot be faster, and a
    mistyped ``--jobs 100000`` must not fork that many; 0: one per core); 1 (this process alone)
    where processes cannot be forked."""
    if not hasattr(os, "fork"):
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores if jobs == 0 else max(1, min(jobs, cores))


def answer_in_workers(answering, instances, jobs: int, data=None, source: str = "<input>") -> Iterator[Record]:
    """The records of every question of ``instances``, answered by ``answering`` (a
    :class:`stategraph.solving.driver.Answering`) in ``jobs`` worker processes, in input order; a
    puzzle that cuts its input (:meth:`~stategraph.contract.puzzle.Puzzle.cuts`) has ``data``,
    the input named ``source``, cut and read in the workers instead."""
    reader = pool = None
    cuts, stream = cut_stream(answering, data, source)
    try:
        with signals_held():
            reader = Reader(answering, cuts, stream, instances)
            pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("fork"), initializer=_Worker.start,
                                       initargs=(answering, cuts, os.getpid()))
            pool.submit(int)  # forks every worker now, before the executor's threads start
        yield from _in_order(pool, reader, jobs)
    finally:
        if pool is not None:
            for process in list(pool._processes.values()):  # the executor kills its workers only from 3.14
                process.kill()
            pool.shutdown(cancel_futures=True)  # after this no answered batch wakes the reader's pipe
        if reader is not None:
            reader.close()


@contextmanager
def _lost_if_broken() -> Iterator[None]:
    """A pool broken by a worker's death is :class:`WorkerLost`, whichever call of the pool finds it."""
    try:
        yield
    except BrokenProcessPool:
        raise lost("a worker process") from None


def _in_order(pool: ProcessPoolExecutor, reader: Reader, workers: int) -> Iterator[Record]:
    sent: deque = deque()  # (future, its units) in input order, until yielded
    waiting: list[Unit] = []  # read, not sent yet
    spent = answered = 0.0  # CPU seconds in workers and questions answered, each batch's worth 0.7 of the next's
    while True:
        while sent and sent[0][0].done():
            future, units = sent.popleft()
            with _lost_if_broken():
                records, fault, said, seconds, cut_off = pickle.loads(future.result())
            if records:  # (weighed by questions: a first batch of one slow question is soon outweighed)
                spent, answered = 0.7 * spent + seconds, 0.7 * answered + len(records)
            for unit, portable in zip(units, records):
                _write_said(unit, portable[-1])
                yield _Received(unit, *portable[:-1])
            if fault is not None:
                _write_said(units[len(records)], said)
                raise rebuilt(fault)
            if cut_off is not None:  # not a piece the reader reads as one: it reads on from there
                for future, _ in sent:
                    future.cancel()
                later = units[len(records):] + [unit for _, batch in sent for unit in batch] + waiting
                sent.clear()
                waiting = []
                reader.read_from(later, inside=cut_off == QUESTION)
        if not waiting and not sent:
            reader.idle()
        end = reader.ended
        if end is not None and not waiting and not sent:
            write_out(end.said)
            if end.fault is not None:
                raise end.fault
            return
        whole = 1 if not answered else max(1, min(MAX_BATCH, int(BATCH_SECONDS * answered / max(spent, 1e-9))))
        if reader.drained:  # the last batches shrink, so that the workers end together (within a 16th of a batch)
            whole = min(whole, max(-(-len(waiting) // (PIPELINE * workers)), whole // 16))
        running = sum(not future.done() for future, _ in sent) if waiting else 0
        while waiting and len(sent) < WINDOW * workers and running < PIPELINE * workers:
            if running >= workers and len(waiting) < whole:
                break  # only a worker with nothing in hand takes less than a whole batch
            batch, waiting = waiting[:whole], waiting[whole:]
            with _lost_if_broken():  # a worker that died may break the pool before its future says so
                future = pool.submit(_Worker.answer, [(unit.serial, None if i and unit.serial == batch[i - 1].serial
                                                       else unit.instance.data, unit.asked and unit.asked.data)
                                                      for i, unit in enumerate(batch)])
            future.add_done_callback(reader.wake)
            sent.append((future, batch))
            running += 1
        waiting += reader.take(listening=end is None and len(waiting) < MAX_BATCH * workers)



class _Received(Record):
    """A record answered in a worker (no graph, states or search result): its ``solution`` is made,
    and its ``subject`` and ``question`` unpickled, when first read."""

    def __init__(self, unit: Unit, number, query, text, answer, solved, cost, labels, stats):
        # Not the dataclass's __init__, nor a Solution yet (1.8 us a record, against 0.3): the fields not
        # set here keep their defaults, the class's attributes (``lazy``, ``graph``).
        self.instance, self.query, self.text, self.answer, self.stats = number, query, text, answer, stats
        self._unit, self._solved = unit, (solved, cost, labels)
        self._read: dict[str, Any] = {}  # solution, subject and question, once made or assigned

    def _value(self, name: str) -> Any:
        if name not in self._read:
            unit = self._unit
            if name == "solution":
                solved, cost, labels = self._solved
                self._read[name] = Solution(cost, None, [], self.stats, labels) if solved else None
            else:
                self._read[name] = unit.instance() if name == "subject" or unit.asked is None else unit.asked()
        return self._read[name]

    solution = property(lambda self: self._value("solution"), lambda self, value: self._read.update(solution=value))
    subject = property(lambda self: self._value("subject"), lambda self, value: self._read.update(subject=value))
    question = property(lambda self: self._value("question"), lambda self, value: self._read.update(question=value))


class _Worker:
    """A worker process: the run's answering, its captured streams, the instance it holds and its model."""

    current: _Worker  # in a worker process, itself

    def __init__(self, answering, cuts):
        self.answering, self.cuts, self.capture = answering, cuts, Capture()
        self.serial, self.instance, self.model, self.compile_seconds = -1, None, None, 0.0

    @staticmethod
    def start(answering, cuts, parent: int) -> None:
        as_child(parent)
        _Worker.current = _Worker(answering, cuts)

    @staticmethod
    def answer(batch: list) -> bytes:
        """(A task) The batch's records, each with what its work wrote, up to a fault or a piece that is
        not one instance or question (``cut_off``: which), and the fault."""
        worker, started = _Worker.current, process_time()
        records: list = []
        fault = said = built = cut_off = None
        try:
            if isinstance(worker.cuts, InFile):
                worker.cuts.hold(_to_read(batch, worker.serial))
            for serial, data, asked in batch:
                built = None
                if serial != worker.serial:  # the last instance's graph goes before the next is built
                    worker.serial, worker.instance, worker.model = -1, None, None
                    if not isinstance(data, bytes):  # a piece
                        worker.instance = worker.cuts.read(data)
                        if worker.instance is None:
                            cut_off = INSTANCE
                            break
                    else:
                        worker.answering.chosen, worker.instance = pickle.loads(data)
                    worker.model, worker.compile_seconds = worker.answering.model(worker.instance)
                    worker.serial, built = serial, worker.capture.take()
                question = worker.instance if asked is None else worker.cuts.read(asked, worker.instance) \
                    if not isinstance(asked, bytes) else pickle.loads(asked)
                if question is None:
                    cut_off = QUESTION
                    break
                record = worker.answering.answer(worker.model, worker.instance, question, worker.compile_seconds)
                worker.compile_seconds = 0.0
                records.append(_sendable(record, said_pair(built, worker.capture.take())))
        except BaseException as exc:  # noqa: B036  (the parent raises it in order)
            fault = carried(exc)
            said = said_pair(worker.capture.take(), None) if worker.model is None else \
                said_pair(built, worker.capture.take())
        seconds, kept = process_time() - started, len(records)  # CPU: a busy machine makes no smaller batches
        while True:
            try:
                return pickle.dumps((records[:kept], fault, said, seconds, cut_off), pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # an answer that cannot be pickled is a fault in its place
                kept -= 1
                number, query, *_, said = records[kept]
                cut_off = None
                fault = carried(ContractError(
                    f"{worker.answering.chosen.name}: the answer to instance {number} question {query} cannot be "
                    f"sent from a worker process ({type(exc).__name__}: {shorten(str(exc), quoted=False)}); "
                    "solve it with --jobs 1"))


def _to_read(batch: list, serial: int) -> list[Span]:
    """The spans of ``batch`` a worker holding instance ``serial`` reads (not the instance it holds)."""
    spans = []
    for number, data, asked in batch:
        if number != serial and isinstance(data, Span):
            spans.append(data)
        if isinstance(asked, Span):
            spans.append(asked)
        serial = number
    return spans


def _sendable(record: Record, said: tuple | None) -> tuple:
    """What the parent needs of a record (no graph, states or search result), and what its work wrote."""
    solution = record.solution
    cost, labels = (None, []) if solution is None else (solution.cost, solution.labels)
    return (record.instance, record.query, record.text, record.answer, solution is not None, cost, labels,
            record.stats, said)


def _write_said(unit: Unit, said: tuple | None) -> None:
    """What one job writes before the answer to ``unit``: reading its instance, building the model
    (for the instance's first question only), asking it, answering it (``said``, from the worker)."""
    if unit.said is None and said is None:
        return
    read, asked = unit.said or (None, None)
    built, answered = said or (None, None)
    for piece in (read, built if unit.first else None, asked, answered):
        write_out(piece)


def __getattr__(name: str) -> object:
    """``RemoteTraceback`` is :class:`stategraph.solving.carried.RemoteTraceback` now: it still
    imports from here in 0.1, with a ``DeprecationWarning``."""
    if name != "RemoteTraceback":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..moved import name_from

    return name_from(__name__, name, "stategraph.solving.carried")
