"""Answering a run's questions in worker processes (``--jobs``), yielded in input order as they finish.

A forked reader reads the input.  For a puzzle that cuts its input (the built-ins:
:meth:`~stategraph.contract.puzzle.Puzzle.cuts`), it only cuts it into pieces, an instance or a
question each (:mod:`~stategraph.solving.cutting`), and the workers read their pieces with the
puzzle's own reader; where cutting stops, or a worker finds a piece is not one instance, a second
reader reads on from there as one job does.  Otherwise the reader parses the input as one job would
and sends each question, pickled with its instance and the puzzle object as reading left it (so
what ``read`` keeps on the object reaches every hook; an object that cannot be pickled stops the
run there, one line, exit status 2).  This process sends the questions in batches to a
:class:`~concurrent.futures.ProcessPoolExecutor` of forked workers (a worker builds an instance's
model once for all the questions of it it gets) and yields the answers in input order as soon as
each and those before it are in, the input still coming; a few batches per worker are in flight
at most, so memory stays flat.  A fault at question k is raised after every answer before it, as
with one job; a child that dies is :class:`WorkerLost`.  What plug-in code writes to
``sys.stdout`` and ``sys.stderr`` in a child is kept, in the bytes those streams would have
written, and written here where one job writes it (:mod:`~stategraph.solving.carried`; bytes
written to the descriptors themselves go out at once).  Every child ends with the run, and with
this process however it ends (:mod:`~stategraph.parent_death`: the thread that first asks for a
record must outlive the run).
"""

from __future__ import annotations

import copyreg
import io
import multiprocessing
import os
import pickle
import select
import signal
import types
from collections import deque
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from time import process_time
from typing import Any, cast

from ..contract.cuts import INSTANCE, QUESTION, Piece
from ..errors import ContractError, shorten
from ..parent_death import die_with_parent
from ..search.solution import Solution
from .carried import Capture, carried, rebuilt, said_pair, write_out
from .cutting import Rest, WorkerLost, cut_input, send, unpacked
from .records import Record

__all__ = ["WorkerLost", "answer_in_workers", "worker_count"]

PIPELINE = 2  # batches in a worker's hands at most: it never waits for the next
WINDOW = 4  # batches sent per worker, answered or not, before the earliest is yielded
BATCH_SECONDS = 0.05  # a batch holds about this much work (at most MAX_BATCH questions): the executor
MAX_BATCH = 256  # costs about 0.2 ms of this process's time a batch
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # this process's to report; a child just ends


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
    cuts, stream = _cut_stream(answering, data, source)
    try:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)  # until each child takes them as its own
        try:
            reader = _Reader(answering, cuts, stream, instances)
            pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("fork"), initializer=_Worker.start,
                                       initargs=(answering, cuts, os.getpid()))
            pool.submit(int)  # forks every worker now, before the executor's threads start
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        yield from _in_order(pool, reader, jobs)
    finally:
        if pool is not None:
            for process in list(pool._processes.values()):  # the executor kills its workers only from 3.14
                process.kill()
            pool.shutdown(cancel_futures=True)  # after this no answered batch wakes the reader's pipe
        if reader is not None:
            reader.close()


def _cut_stream(answering, data, source: str) -> tuple:
    """The puzzle's cuts of ``data`` and ``data`` as a binary stream, or ``(None, None)`` (one
    job's reader reads it): a text stream, or a str with a byte-order mark, is read as text."""
    cuts = answering.chosen.cuts(source, dict(answering.settings.limits))
    if cuts is None or isinstance(data, io.TextIOBase):
        return None, None
    if isinstance(data, str):
        if data.startswith("\ufeff"):
            return None, None
        try:
            data = data.encode()
        except UnicodeEncodeError:
            return None, None
    if isinstance(data, (bytes, bytearray, memoryview)):
        return cuts, io.BytesIO(data)
    return (cuts, data) if hasattr(data, "read") else (None, None)


@contextmanager
def _lost_if_broken() -> Iterator[None]:
    """A pool broken by a worker's death is :class:`WorkerLost`, whichever call of the pool finds it."""
    try:
        yield
    except BrokenProcessPool:
        raise WorkerLost("a worker process ended in the middle of the run (out of memory?)") from None


def _in_order(pool: ProcessPoolExecutor, reader: _Reader, workers: int) -> Iterator[Record]:
    sent: deque = deque()  # (future, its units) in input order, until yielded
    waiting: list[_Unit] = []  # read, not sent yet
    per_question: float | None = None  # the CPU seconds a question takes in a worker, as measured
    while True:
        while sent and sent[0][0].done():
            future, units = sent.popleft()
            with _lost_if_broken():
                records, fault, said, seconds, cut_off = pickle.loads(future.result())
            if records:
                measured = seconds / len(records)
                per_question = measured if per_question is None else 0.7 * per_question + 0.3 * measured
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
        whole = 1 if per_question is None else max(1, min(MAX_BATCH, int(BATCH_SECONDS / max(per_question, 1e-9))))
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


# the reader -------------------------------------------------------------------------------------------

class _Pickled:
    """An instance pickled with the puzzle object as reading left it (``whole``: a question pickled),
    unpickled here when first asked for (``check`` does, ``solve`` never)."""

    __slots__ = ("data", "whole", "value")

    def __init__(self, data: bytes, whole: bool = False):
        self.data, self.whole = data, whole

    def __call__(self) -> Any:
        if not hasattr(self, "value"):
            value = pickle.loads(self.data)
            self.value = value if self.whole else value[1]
        return self.value


class _Cut:
    """A piece of the input (of a question: with the instance it asks, a :class:`_Cut`), read
    here when first asked for."""

    __slots__ = ("cuts", "data", "instance", "value")

    def __init__(self, cuts, piece: Piece, instance: _Cut | None = None):
        self.cuts, self.data, self.instance = cuts, piece, instance

    def __call__(self) -> Any:
        if not hasattr(self, "value"):
            self.value = self.cuts.read(self.data, None if self.instance is None else self.instance())
        return self.value


@dataclass(frozen=True, slots=True)
class _Unit:
    """A question read: its instance's place from 0, the instance, the question (``None``: the
    instance), whether it is its instance's first, what reading and asking it wrote."""

    serial: int
    instance: _Pickled | _Cut
    asked: _Pickled | _Cut | None
    first: bool
    said: tuple | None


@dataclass(frozen=True, slots=True)
class _End:
    fault: BaseException | None  # what stopped the reading, if not the input's end
    said: tuple | None


class _Reader:
    """The reading child and the pipe it writes to, and the pipe that wakes this process when a batch
    is answered: :meth:`take` waits on both, until the reader's end comes (``ended``).

    With ``cuts``, the child sends pieces of ``stream`` (:func:`~stategraph.solving.cutting.cut_input`),
    until cutting stops; from there (or from a piece a worker found was not one instance, :meth:`read_from`)
    a second child reads the rest as one job's reader reads it.  Without, the child reads ``instances``."""

    def __init__(self, answering, cuts, stream, instances):
        self.answering, self.cuts = answering, cuts
        self.woken, self.waking = os.pipe()
        self.poller, self.listening = select.poll(), False
        self.poller.register(self.woken, select.POLLIN)
        self.children: list[int] = []
        self.fd = -1
        self.serial = -1  # of the instance of the questions read last
        self.instance: _Pickled | _Cut = _Pickled(b"")
        self.first = False  # whether the next question cut is its instance's first
        self.rest: tuple | None = None  # where cutting stopped, until the rest is read from there
        self.ended: _End | None = None
        if cuts is None:
            self._fork(lambda fd: _read(answering.chosen, instances, fd))
        else:
            self._fork(lambda fd: cut_input(cuts, stream, fd))

    def _fork(self, body) -> None:
        """Read what a child running ``body(fd)`` sends from now on."""
        here, there = os.pipe()
        parent = os.getpid()
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)  # until the child takes them as its own
        try:
            pid = os.fork()
            if pid == 0:
                try:
                    os.close(here)
                    _as_child(parent)
                    body(there)
                finally:
                    os._exit(0)  # stopped before its end was sent: an end of file to the parent
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        os.close(there)
        self.children.append(pid)
        if self.fd >= 0:
            self._listen(False)
            os.close(self.fd)
        self.fd, self.buffer = here, bytearray()

    def wake(self, _future) -> None:
        os.write(self.waking, b"\0")

    def _listen(self, listening: bool) -> None:
        if listening != self.listening:
            self.poller.register(self.fd, select.POLLIN) if listening else self.poller.unregister(self.fd)
            self.listening = listening

    def take(self, listening: bool) -> list[_Unit]:
        """Wait for a batch answered or (``listening``) questions read: those read."""
        self._listen(listening and self.rest is None)
        ready = [fd for fd, _ in self.poller.poll()]
        if self.woken in ready:
            os.read(self.woken, 1 << 16)
        chunk = os.read(self.fd, 1 << 16) if self.fd in ready else None
        if chunk == b"":
            raise WorkerLost("the process reading the input ended in the middle of the run (out of memory?)")
        self.buffer += chunk or b""
        if self.rest is not None:
            return []
        units: list[_Unit] = []
        for message in unpacked(self.buffer, stop=lambda message: message[0] == "rest"):
            if message[0] == "unit":
                _, serial, data, asked, said = message
                self.instance = self.instance if data is None else _Pickled(data)
                units.append(_Unit(serial, self.instance, None if asked is None else _Pickled(asked, whole=True),
                                   data is not None, said))
            elif message[0] == "pieces":
                units += self._cut_units(message[1])
            elif message[0] == "rest":
                self.rest = message[1:]
            else:
                self.ended = _End(None if message[1] is None else rebuilt(message[1]), message[2])
        return units

    def _cut_units(self, pieces: list[Piece]) -> list[_Unit]:
        units = []
        for piece in pieces:
            if piece.kind == QUESTION:
                asked = _Cut(self.cuts, piece, cast(_Cut, self.instance))
                units.append(_Unit(self.serial, self.instance, asked, self.first, None))
                self.first = False
            else:
                self.serial, self.instance, self.first = self.serial + 1, _Cut(self.cuts, piece), True
                if piece.kind == INSTANCE:
                    units.append(_Unit(self.serial, self.instance, None, True, None))
                    self.first = False
        return units

    def idle(self) -> None:
        """(Every question cut is answered) Where cutting stopped, the reader reads on."""
        if self.rest is not None:
            self._resume(b"", *self.rest)

    def read_from(self, units: list[_Unit], inside: bool) -> None:
        """The reader reads on from the first of ``units`` (cut, not answered; ``inside``: from its
        question, its instance read), those dropped."""
        pieces = [(cast(_Cut, unit.instance).data, None if unit.asked is None else cast(_Cut, unit.asked).data,
                   unit.first and not (i == 0 and inside)) for i, unit in enumerate(units)]
        kept = b"".join((instance.data if first else b"") + (b"" if asked is None else asked.data)
                        for instance, asked, first in pieces)
        instance, asked, _ = pieces[0]
        where = asked if inside and asked is not None else instance
        self._resume(kept, where.line, where.number, instance if inside else None)

    def _resume(self, kept: bytes, line: int, number: int, head: Piece | None) -> None:
        rest, cuts, answering, serial = Rest(kept, self.buffer, self.fd), self.cuts, self.answering, self.serial + 1
        self.cuts = self.rest = None
        self._fork(lambda fd: _read(answering.chosen, answering.located(
            cuts.resume(rest, line, number, head), number if head is None else head.number), fd, serial))

    def close(self) -> None:
        for pid in self.children:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        for fd in (self.fd, self.woken, self.waking):
            os.close(fd)


def _read(chosen, instances, fd: int, first: int = 0) -> None:
    """(The reader) Every question of ``instances`` down ``fd``, with its instance the first time
    (numbered from ``first``), then the end, or the fault that stopped the reading."""
    capture = Capture()
    try:
        for serial, instance in enumerate(instances, first):
            read = capture.mark()
            data: bytes | None = _portable(chosen, instance, (chosen, instance), "")
            for question in chosen.questions(instance):
                asked = None if question is instance else _portable(chosen, instance, question, "'s question")
                said = said_pair(capture.take(read) if data is not None else None, capture.take())
                send(fd, ("unit", serial, data, asked, said))
                data = None
        send(fd, ("end", None, capture.take()))
    except Exception as exc:
        send(fd, ("end", carried(exc), capture.take()))


def _as_child(parent: int) -> None:
    """(A child, forked with the stop signals blocked) End with ``parent``, or at a stop signal."""
    die_with_parent(parent)
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


def _portable(chosen, instance, value, part: str) -> bytes:
    """``value``, ``part`` of ``instance`` (``""``: the instance and the puzzle object), pickled for
    a worker; a fault names what cannot be."""
    try:
        buffer = io.BytesIO()
        _Pickler(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
        return buffer.getvalue()
    except Exception as exc:
        number = chosen.number(instance, instance)[0]
        try:
            _Pickler(io.BytesIO()).dump(chosen)
            what = f"instance {number}{part}"
        except Exception:
            what = f"the puzzle object (as reading instance {number} left it)"
        raise ContractError(f"{chosen.name}: {what} cannot be sent to a worker process "
                            f"({type(exc).__name__}: {shorten(str(exc), quoted=False)}); solve it with --jobs 1") \
            from None


class _Pickler(pickle.Pickler):
    """Pickles a generator in an instance (what reads the rest of the input, which stays with the
    reader) as ``None``, and a read-only mapping (the limits) as a read-only copy."""

    dispatch_table = {**copyreg.dispatch_table, types.GeneratorType: lambda generator: (type(None), ()),
                      types.MappingProxyType: lambda proxy: (_read_only, (dict(proxy),))}


def _read_only(mapping: dict) -> types.MappingProxyType:
    return types.MappingProxyType(mapping)


class _Received(Record):
    """A record answered in a worker (no graph, states or search result): its ``subject`` and
    ``question`` are unpickled when first read."""

    def __init__(self, unit: _Unit, number, query, text, answer, solved, cost, labels, stats):
        self._unit = unit
        self._read: dict[str, Any] = {}  # subject and question, once read or assigned
        super().__init__(number, text, answer, Solution(cost, None, [], stats, labels) if solved else None, stats,
                         query)
        self._read.clear()  # the defaults the dataclass assigned: the unit's values stand

    def _value(self, name: str) -> Any:
        if name not in self._read:
            unit = self._unit
            self._read[name] = unit.instance() if name == "subject" or unit.asked is None else unit.asked()
        return self._read[name]

    subject = property(lambda self: self._value("subject"), lambda self, value: self._read.update(subject=value))
    question = property(lambda self: self._value("question"), lambda self, value: self._read.update(question=value))


# the workers ------------------------------------------------------------------------------------------

class _Worker:
    """A worker process: the run's answering, its captured streams, the instance it holds and its model."""

    current: _Worker  # in a worker process, itself

    def __init__(self, answering, cuts):
        self.answering, self.cuts, self.capture = answering, cuts, Capture()
        self.serial, self.instance, self.model, self.compile_seconds = -1, None, None, 0.0

    @staticmethod
    def start(answering, cuts, parent: int) -> None:
        _as_child(parent)
        _Worker.current = _Worker(answering, cuts)

    @staticmethod
    def answer(batch: list) -> bytes:
        """(A task) The batch's records, each with what its work wrote, up to a fault or a piece that is
        not one instance or question (``cut_off``: which), and the fault."""
        worker, started = _Worker.current, process_time()
        records: list = []
        fault = said = built = cut_off = None
        try:
            for serial, data, asked in batch:
                built = None
                if serial != worker.serial:  # the last instance's graph goes before the next is built
                    worker.serial, worker.instance, worker.model = -1, None, None
                    if isinstance(data, Piece):
                        worker.instance = worker.cuts.read(data)
                        if worker.instance is None:
                            cut_off = INSTANCE
                            break
                    else:
                        worker.answering.chosen, worker.instance = pickle.loads(data)
                    worker.model, worker.compile_seconds = worker.answering.model(worker.instance)
                    worker.serial, built = serial, worker.capture.take()
                question = worker.instance if asked is None else worker.cuts.read(asked, worker.instance) \
                    if isinstance(asked, Piece) else pickle.loads(asked)
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


def _sendable(record: Record, said: tuple | None) -> tuple:
    """What the parent needs of a record (no graph, states or search result), and what its work wrote."""
    solution = record.solution
    cost, labels = (None, []) if solution is None else (solution.cost, solution.labels)
    return (record.instance, record.query, record.text, record.answer, solution is not None, cost, labels,
            record.stats, said)


def _write_said(unit: _Unit, said: tuple | None) -> None:
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
