"""Answering a run's questions in worker processes (``--jobs``), yielded in input order as they finish.

Three kinds of process share the work.  A reader, forked first, parses the input as one job
would and passes each question on, with its instance the first time; this process hands the
questions to the workers in small batches (an instance goes to a worker once, with the first of
its questions that worker gets: a Huarong Dao board's queries share its model) and yields the
answers in input order as soon as each and those before it are in; each worker answers as the
runner does with one job.  So this process never waits on the input while an answer is ready,
and at most ``WINDOW`` batches per worker are in flight, so memory stays flat.  A fault at
question k (bad input, a broken contract, a failed check) is raised after every answer before
it, as with one job; the end of the run, an interrupt or a closed pipe kills every child at
once.

The puzzle object travels with each instance, in the instance's own pickle (a first-level
instance already holds it, ``Numbered.puzzle``, so it is pickled once): a worker answers with
the object as it was once the instance was read, as one job does, so what ``read`` or ``parse``
keeps on it (a header's value, a count) reaches every hook; what the hooks change on it in a
worker stays there, unseen by later instances.  An object or instance that cannot be pickled
stops the run there with one line (exit status 2).

What plug-in code writes to ``sys.stdout`` and ``sys.stderr`` in a child (``print`` in
``read``, ``questions``, a model, ``moves``, ``is_goal``, ``decode``...) is kept per question, in
the bytes those streams would have written, and written out by this process where one job writes
it: what reading instance k wrote, then building its model, then each question's work, each just
before that answer is yielded (and so printed); a model built again in a second worker, for
later questions of its instance, is not heard twice.  Only those two Python objects are
replaced (the child's have no file descriptor): bytes written to the descriptors themselves
(``os.write(1, ...)``, C code) go out at once, in no set order.

Every child ends when this process does, however it ends (``SIGKILL`` included): each process
closes the pipe ends it does not use, so this one's death is an end of file or a broken pipe to
the children, and each child is killed when its parent thread ends
(:mod:`~stategraph.solving.parent_death`; so the thread that first asks for a record must outlive the run).
"""

from __future__ import annotations

import copyreg
import io
import os
import pickle
import queue
import select
import signal
import struct
import sys
import threading
import traceback
import types
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, Pipe
from time import perf_counter
from typing import Any

from ..errors import ContractError, StategraphError, shorten
from ..search.solution import Solution
from .parent_death import die_with_parent
from .records import Record

PIPELINE = 2  # batches sent to a worker before its first is answered: it never waits for the next
WINDOW = 4  # batches in flight per worker, answered or not, before the earliest is yielded
BATCH_SECONDS = 0.01  # a batch holds about this much work (at most MAX_BATCH questions)
MAX_BATCH = 64
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # this process's to report; a child just ends
FRAME = struct.Struct("<Q")  # the length before each message from the reader
STREAMS = ("stdout", "stderr")  # what plug-in code writes to these in a child is written here in order


def cores() -> int:
    """The cores this process may run on."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return counted() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def worker_count(jobs: int) -> int:
    """The worker processes ``jobs`` asks for, at most one per core (more cannot be faster, and a
    mistyped ``--jobs 100000`` must not fork that many; 0: one per core); 1 (this process alone)
    where processes cannot be forked."""
    if not hasattr(os, "fork"):
        return 1
    return cores() if jobs == 0 else max(1, min(jobs, cores()))


class _Pickled:
    """An instance as the reader pickled it, with the puzzle object that read it, unpickled here only
    when first asked for: ``solve`` never asks (unpickling every instance in this process cost as
    much as in the workers), ``check`` does."""

    __slots__ = ("data", "_value")

    def __init__(self, data: bytes):
        self.data, self._value = data, _UNREAD

    def value(self) -> Any:
        """The instance."""
        if self._value is _UNREAD:
            self._value = pickle.loads(self.data)[1]
        return self._value


_UNREAD = object()


@dataclass(frozen=True, slots=True)
class _Unit:
    """One question to answer, with its instance, pickled (as the workers get them)."""

    serial: int  # the instance's place in the input, from 0
    instance: _Pickled  # one for all the questions of an instance
    question_bytes: bytes | None  # None: the question is the instance
    first: bool  # the first question of its instance
    said: tuple | None  # what reading the instance, then asking the question, wrote (see _Capture.take)

    def question(self) -> Any:
        return self.instance.value() if self.question_bytes is None else pickle.loads(self.question_bytes)


@dataclass(frozen=True, slots=True)
class _End:
    """The reader read the input to its end, or ``fault`` stopped it; ``said``: what it wrote on the way."""

    fault: BaseException | None = None
    said: tuple | None = None


def answer_in_workers(answering, instances, jobs: int) -> Iterator[Record]:
    """The records of every question of ``instances``, answered by ``answering`` (a
    :class:`stategraph.solving.driver.Answering`) in ``jobs`` worker processes, in input order."""
    children = _Children()
    try:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)  # until each child has its own
        try:
            reader = _Reader(children, answering.chosen, instances)
            pool = _Pool(children, answering, jobs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        yield from _in_order(pool, reader)
    finally:
        children.end()


def _in_order(pool: _Pool, reader: _Reader) -> Iterator[Record]:
    """Send the questions read in batches to the workers that have room, and yield the answers in
    input order.  A fault met in the input is raised once every answer before it is yielded."""
    sent: dict[int, list] = {}  # batch number -> its units, until yielded
    answered: dict[int, tuple] = {}  # batch number -> (portable records, fault, its output), not yet yielded
    waiting: list[_Unit] = []  # units read and not sent yet
    next_out = next_batch = 0
    end: _End | None = None
    while True:
        while next_out in answered:
            records, failed, said = answered.pop(next_out)
            units = sent.pop(next_out)
            for unit, portable in zip(units, records):
                _write_said(unit, portable[-1])
                yield _record(portable, unit)
            next_out += 1
            if failed is not None:
                _write_said(units[len(records)], said)
                raise failed
        if end is not None and not waiting and next_out == next_batch:
            _write_out(end.said)
            if end.fault is not None:
                raise end.fault
            return
        while waiting and next_batch - next_out < WINDOW * pool.size:
            size = pool.batch_size(len(waiting))
            if not size:
                break
            pool.send(next_batch, waiting[:size])
            sent[next_batch], waiting = waiting[:size], waiting[size:]
            next_batch += 1
        listening = end is None and len(waiting) < MAX_BATCH * pool.size
        for ready in pool.ready(reader.connection if listening else None):
            if ready is reader.connection:
                units, end = reader.take()
                waiting += units
            else:
                answered.update(pool.take(ready))


class WorkerLost(StategraphError):
    """A child process ended in the middle of the run (killed from outside, perhaps for want of memory)."""

    exit_status = 70


class _Children:
    """The processes forked for a run: each ends when the run does, however it ends."""

    def __init__(self) -> None:
        self.pids: list[int] = []
        self.connections: list[Connection] = []  # this process's ends of their pipes

    def fork(self, work, *args, closing: int | None = None) -> int:
        """A child running ``work(*args)`` with the stop signals at their defaults (call with them
        blocked), which then ends, never returning here.  It ends with this process (see the
        module's docstring), and first closes the pipes of those before it and the descriptor
        ``closing`` (this process's end of its own pipe)."""
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                die_with_parent(parent)
                for signum in SIGNALS:
                    signal.signal(signum, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
                for connection in self.connections:  # only this process may hold them, so its end is seen
                    connection.close()
                if closing is not None:
                    os.close(closing)
                work(*args)
            except BaseException:  # noqa: B036  (a child never reports: the parent does)
                code = 70
            finally:
                os._exit(code)
        self.pids.append(pid)
        return pid

    def lost(self, pid: int, what: str) -> WorkerLost:
        _, status = os.waitpid(pid, 0)
        self.pids.remove(pid)
        how = (f"killed by {signal.Signals(os.WTERMSIG(status)).name}" if os.WIFSIGNALED(status) else
               f"exit status {os.waitstatus_to_exitcode(status)}")
        return WorkerLost(f"{what} ended in the middle of the run ({how}; out of memory?)")

    def end(self) -> None:
        """Kill every child now and wait for it: none outlives the run."""
        for connection in self.connections:
            connection.close()
        for pid in self.pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for pid in self.pids:
            os.waitpid(pid, 0)
        self.pids = []


# the reader -------------------------------------------------------------------------------------------

class _Reader:
    """The reading child: it parses the input and sends each question down a pipe, read here."""

    def __init__(self, children: _Children, chosen, instances):
        here, there = os.pipe()
        self.pid = children.fork(_read, chosen, instances, there, closing=here)
        os.close(there)
        self.connection = Connection(here, writable=False)
        children.connections.append(self.connection)
        self.children = children
        self.buffer = bytearray()
        self.instance = _Pickled(b"")  # the instance of the questions read last

    def take(self) -> tuple[list, _End | None]:
        """The units read since last asked (call when the pipe is ready), and the end if it came."""
        chunk = os.read(self.connection.fileno(), 1 << 16)
        if not chunk:
            raise self.children.lost(self.pid, "the process reading the input")
        buffer = self.buffer
        buffer += chunk
        units: list[_Unit] = []
        start = 0
        while len(buffer) - start >= FRAME.size:
            (length,) = FRAME.unpack_from(buffer, start)
            if len(buffer) - start - FRAME.size < length:
                break
            message = pickle.loads(memoryview(buffer)[start + FRAME.size:start + FRAME.size + length])
            start += FRAME.size + length
            if message[0] == "end":
                del buffer[:start]
                return units, _End(None if message[1] is None else _rebuilt(message[1]), message[2])
            _, serial, instance_bytes, question_bytes, said = message
            if instance_bytes is not None:
                self.instance = _Pickled(instance_bytes)
            units.append(_Unit(serial, self.instance, question_bytes, instance_bytes is not None, said))
        del buffer[:start]
        return units, None


def _read(chosen, instances, fd: int) -> None:
    """(The reading child) Every question of ``instances`` down ``fd``, each with its instance (and
    the puzzle object, as reading left it) the first time and what reading and asking it wrote,
    then the end, or the fault that stopped the reading (raised in its place)."""
    capture = _Capture()
    try:
        for serial, instance in enumerate(instances):
            read = capture.mark()
            instance_bytes: bytes | None = _portable(chosen, instance, (chosen, instance), "")
            for question in chosen.questions(instance):
                question_bytes = None if question is instance else _portable(chosen, instance, question, "'s question")
                said = _pair(capture.take(read) if instance_bytes is not None else None, capture.take())
                _send(fd, ("unit", serial, instance_bytes, question_bytes, said))
                instance_bytes = None
        _send(fd, ("end", None, capture.take()))
    except Exception as exc:
        _send(fd, ("end", _carried(exc), capture.take()))


def _send(fd: int, message) -> None:
    payload = pickle.dumps(message, pickle.HIGHEST_PROTOCOL)
    data = memoryview(FRAME.pack(len(payload)) + payload)
    while data:
        data = data[os.write(fd, data):]


def _portable(chosen, instance, value, part: str) -> bytes:
    """``value``, ``part`` of ``instance`` (``""``: the instance and the puzzle object), pickled for
    a worker; a fault names what cannot be."""
    try:
        return _dumps(value)
    except Exception as exc:
        number = chosen.number(instance, instance)[0]
        try:
            _dumps(chosen)
            what = f"instance {number}{part}"
        except Exception:
            what = f"the puzzle object (as reading instance {number} left it)"
        raise ContractError(f"{chosen.name}: {what} cannot be sent to a worker process "
                            f"({type(exc).__name__}: {shorten(str(exc), quoted=False)}); solve it with --jobs 1") \
            from None


class _Pickler(pickle.Pickler):
    """Pickles a generator in an instance (the reader of the rest of its input, which stays with the
    reader) as ``None``, and a read-only mapping (the limits) as a read-only copy."""

    dispatch_table = {**copyreg.dispatch_table, types.GeneratorType: lambda generator: (type(None), ()),
                      types.MappingProxyType: lambda proxy: (_read_only, (dict(proxy),))}


def _read_only(mapping: dict) -> types.MappingProxyType:
    return types.MappingProxyType(mapping)


def _dumps(value) -> bytes:
    buffer = io.BytesIO()
    _Pickler(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


# the workers ------------------------------------------------------------------------------------------

class _Pool:
    """The worker processes, their connections, the batches each has in hand, and the work a question takes."""

    def __init__(self, children: _Children, answering, size: int):
        self.size, self.children = size, children
        self.pids: list[int] = []
        self.connections: list = []
        self.loads = [0] * size  # batches sent to each worker and not yet answered
        self.serials = [-1] * size  # the instance each worker holds
        self.seconds_per_question: float | None = None
        for _ in range(size):
            here, there = Pipe()
            children.connections.append(here)
            self.pids.append(children.fork(_serve, there, answering))
            there.close()
            self.connections.append(here)
        self.by_fd = {connection.fileno(): connection for connection in self.connections}  # what is polled
        self.poller = select.poll()
        for fd in self.by_fd:
            self.poller.register(fd, select.POLLIN)

    def idle(self) -> int:
        """The worker with the fewest batches in hand."""
        return min(range(self.size), key=self.loads.__getitem__)

    def batch_size(self, waiting: int) -> int:
        """How many of the ``waiting`` units to send now: what a worker with nothing in hand takes
        (at once, so no answer waits), or a whole batch for one with a batch in hand; 0 for none."""
        load = self.loads[self.idle()]
        per_question = self.seconds_per_question
        whole = 1 if per_question is None else max(1, min(MAX_BATCH, int(BATCH_SECONDS / max(per_question, 1e-9))))
        if load == 0 or (load < PIPELINE and waiting >= whole):
            return min(waiting, whole)
        return 0

    def ready(self, reader: Connection | None) -> list:
        """The connections with something to read (``reader`` too, if given); waits for one."""
        if reader is not None and reader.fileno() not in self.by_fd:
            self.by_fd[reader.fileno()] = reader
            self.poller.register(reader.fileno(), select.POLLIN)
        elif reader is None and len(self.by_fd) > self.size:
            fd = next(fd for fd, connection in self.by_fd.items() if connection not in self.connections)
            del self.by_fd[fd]
            self.poller.unregister(fd)
        return [self.by_fd[fd] for fd, _ in self.poller.poll()]

    def send(self, number: int, batch: list) -> None:
        worker = self.idle()
        items = []
        for unit in batch:
            new = unit.serial != self.serials[worker]
            self.serials[worker] = unit.serial
            items.append((unit.instance.data if new else None, unit.question_bytes))
        try:
            self.connections[worker].send_bytes(pickle.dumps((number, items), pickle.HIGHEST_PROTOCOL))
        except OSError:
            raise self.children.lost(self.pids[worker], "a worker process") from None
        self.loads[worker] += 1

    def take(self, connection) -> dict:
        """The batch a worker answered (call when its connection is ready): ``{number: (portable
        records, fault, what the faulty question's work wrote)}``."""
        worker = self.connections.index(connection)
        try:
            number, records, fault, said, seconds = pickle.loads(self.connections[worker].recv_bytes())
        except (EOFError, OSError):
            raise self.children.lost(self.pids[worker], "a worker process") from None
        self.loads[worker] -= 1
        if records:
            per_question, previous = seconds / len(records), self.seconds_per_question
            self.seconds_per_question = per_question if previous is None else 0.7 * previous + 0.3 * per_question
        return {number: (records, None if fault is None else _rebuilt(fault), said)}


def _record(portable: tuple, unit: _Unit) -> Record:
    """A worker's record, with the instance and question this process holds (unpickled when read)."""
    number, query, text, answer, solved, cost, labels, stats, _ = portable
    solution = Solution(cost, None, [], stats, labels) if solved else None
    return _Received(unit, number, text, answer, solution, stats, query)


class _Received(Record):
    """A record answered in a worker: its ``subject`` and ``question`` are unpickled from the
    unit when first read; a value assigned to either replaces the unit's."""

    def __init__(self, unit: _Unit, *fields):
        self._unit = unit
        self._held: dict[str, Any] = {}  # the values assigned, or read once
        super().__init__(*fields)
        self._held.clear()  # the dataclass assigned the defaults: the unit's values stand

    @property
    def subject(self) -> Any:
        return self._held["subject"] if "subject" in self._held else self._unit.instance.value()

    @subject.setter
    def subject(self, value: Any) -> None:
        self._held["subject"] = value

    @property
    def question(self) -> Any:
        if "question" not in self._held:
            self._held["question"] = self._unit.question()
        return self._held["question"]

    @question.setter
    def question(self, value: Any) -> None:
        self._held["question"] = value


def _serve(connection, answering) -> None:
    """(A worker) Answer each batch received, in order, until this process hangs up, each instance
    with the puzzle object that came with it; each record carries what its work wrote."""
    inbox: queue.SimpleQueue = queue.SimpleQueue()
    threading.Thread(target=_listen, args=(connection, inbox), daemon=True).start()
    capture = _Capture()
    instance = model = None  # the instance answered last and its model
    compile_seconds = 0.0
    while True:
        number, items = inbox.get()
        started = perf_counter()
        records: list = []
        fault = said = built = None
        try:
            for instance_bytes, question_bytes in items:
                built = None
                if instance_bytes is not None:
                    instance = model = None  # the last instance's graph goes before the next is built
                    answering.chosen, instance = pickle.loads(instance_bytes)
                    model, compile_seconds = answering.model(instance)
                    built = capture.take()
                question = instance if question_bytes is None else pickle.loads(question_bytes)
                record = answering.answer(model, instance, question, compile_seconds)
                records.append(_sendable(record, _pair(built, capture.take())))
                compile_seconds = 0.0
        except BaseException as exc:  # noqa: B036  (the parent raises it in order)
            fault = _carried(exc)
            said = _pair(capture.take(), None) if model is None else _pair(built, capture.take())
        connection.send_bytes(_answer_bytes(answering.chosen, number, records, fault, said,
                                            perf_counter() - started))


def _listen(connection, inbox: queue.SimpleQueue) -> None:
    """Take every batch as it comes, so the parent's send never waits on this worker's; end the
    worker when the parent hangs up."""
    try:
        while True:
            inbox.put(pickle.loads(connection.recv_bytes()))
    except (EOFError, OSError):
        os._exit(0)


def _sendable(record: Record, said: tuple | None) -> tuple:
    """What the parent needs of a record (no graph, states or search result), and what its work wrote."""
    solution = record.solution
    cost, labels = (None, []) if solution is None else (solution.cost, solution.labels)
    return (record.instance, record.query, record.text, record.answer, solution is not None, cost, labels,
            record.stats, said)


def _answer_bytes(chosen, number: int, records: list, fault, said, seconds: float) -> bytes:
    """The answered batch, pickled; an answer that cannot be pickled is a fault in its place."""
    try:
        return pickle.dumps((number, records, fault, said, seconds), pickle.HIGHEST_PROTOCOL)
    except Exception:
        pass
    for kept, portable in enumerate(records):
        try:
            pickle.dumps(portable)
        except Exception as exc:
            problem = ContractError(f"{chosen.name}: the answer to instance {portable[0]} question {portable[1]} "
                                    f"cannot be sent from a worker process ({type(exc).__name__}: "
                                    f"{shorten(str(exc), quoted=False)}); solve it with --jobs 1")
            return pickle.dumps((number, records[:kept], _carried(problem), portable[-1], seconds))
    return pickle.dumps((number, records, _carried(RuntimeError("a fault that cannot be pickled")), said, seconds))


# what plug-in code writes, from a child to the parent ------------------------------------------------

class _Capture:
    """A child's ``sys.stdout`` and ``sys.stderr``, replaced for its life by streams that keep the
    bytes the real ones would have written (same encoding and errors), until taken."""

    def __init__(self) -> None:
        self.buffers = [io.BytesIO(), io.BytesIO()]
        self.streams = []  # held: a stream closes its buffer when it goes
        for name, buffer in zip(STREAMS, self.buffers):
            stream = getattr(sys, name)
            if stream is not None:  # closed: print() writes nothing, as in one job
                stream = io.TextIOWrapper(buffer, _encoding(stream), getattr(stream, "errors", None) or "strict",
                                          newline="\n", write_through=True)
                setattr(sys, name, stream)
            self.streams.append(stream)

    def mark(self) -> tuple:
        """Where the streams stand, for :meth:`take`."""
        return tuple(buffer.tell() for buffer in self.buffers)

    def take(self, upto: tuple | None = None) -> tuple | None:
        """``(stdout bytes, stderr bytes)`` written since last taken (to ``upto``, a :meth:`mark`, if
        given; the rest stays), or ``None`` for nothing."""
        if not (self.buffers[0].tell() or self.buffers[1].tell()):
            return None
        taken = []
        for i, buffer in enumerate(self.buffers):
            data = buffer.getvalue()
            cut = len(data) if upto is None else upto[i]
            buffer.seek(0)
            buffer.truncate()
            buffer.write(data[cut:])
            taken.append(data[:cut])
        return tuple(taken) if any(taken) else None


def _pair(before, after) -> tuple | None:
    """Two pieces of what was written, ``None`` for nothing in either."""
    return None if before is None and after is None else (before, after)


def _encoding(stream) -> str:
    return getattr(stream, "encoding", None) or "utf-8"


def _write_said(unit: _Unit, said: tuple | None) -> None:
    """Write what one job would have written before the answer to ``unit``: reading its instance,
    building the model (only for the instance's first question), asking it, answering it
    (``said``, from the worker)."""
    if unit.said is None and said is None:
        return
    read, asked = unit.said or (None, None)
    built, answered = said or (None, None)
    for piece in (read, built if unit.first else None, asked, answered):
        _write_out(piece)


def _write_out(said: tuple | None) -> None:
    """The bytes a child's plug-in code wrote to each stream, written to this process's, after what it holds."""
    if said is None:
        return
    for name, data in zip(STREAMS, said):
        stream = getattr(sys, name)
        if data and stream is not None:
            stream.flush()
            if hasattr(stream, "buffer"):
                stream.buffer.write(data)
            else:  # a text-only stream (a StringIO): the child encoded as it would
                stream.write(data.decode(_encoding(stream), "surrogateescape"))


# faults, from a worker to the parent -----------------------------------------------------------------

class RemoteTraceback(Exception):
    """Where a worker's fault was raised: the cause of the fault re-raised in the parent
    (``STATEGRAPH_DEBUG=1`` shows it)."""

    def __str__(self) -> str:
        return str(self.args[0])


def _carried(exc: BaseException) -> tuple:
    """``exc`` as the parent rebuilds it: its class, arguments and attributes (no ``__init__`` is
    called again), or, where those cannot be pickled, its class name, kind and message."""
    where = "".join(traceback.format_exception(exc))
    try:
        return pickle.dumps((type(exc), exc.args, vars(exc))), where
    except Exception:
        kind = StategraphError if isinstance(exc, StategraphError) else Exception
        return (type(exc).__name__, kind, getattr(exc, "exit_status", None), str(exc)), where


def _rebuilt(carried: tuple) -> BaseException:
    fault, where = carried
    if isinstance(fault, bytes):
        kind, args, attributes = pickle.loads(fault)
        exc = kind.__new__(kind, *args)
        exc.args = args
        vars(exc).update(attributes)
    else:
        name, base, status, message = fault
        exc = type(name, (base,), {} if status is None else {"exit_status": status})(message)
    exc.__cause__ = RemoteTraceback(where)
    return exc
