"""Shrinkers measured on the planted wrong models: the size each reaches, its judge calls and seconds.

For each model of ``brute.PLANTED``, grade's main run finds its first disagreement (``--seed``,
``--instances``, ``--max-size``); then each shrinker starts from that case with a judge of its own:

- ``own``: :func:`stategraph.solving.shrink.shrink`, the generator's choices then the text;
- ``hypothesis``: ``hypothesis.find`` over ``(size, st.randoms())`` (it must find a failure by
  itself: it cannot start from ours), then the same text pass;
- ``before``: the ``shrink`` of an older grade.py (``--before FILE``, e.g. from
  ``git show 1de2291:src/stategraph/solving/grade.py``, the last before it).

Run from the repository (``python tests/grading_planted/measure.py``); one line per model and shrinker.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import shutil
import sys
import tempfile
from pathlib import Path
from time import perf_counter

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent / "src")]

import yaml  # noqa: E402

from grading_planted.brute import PLANTED, Planted  # noqa: E402
from stategraph.solving.grade import Reference, _Judge  # noqa: E402
from stategraph.solving.sandbox import Sandbox, Side  # noqa: E402
from stategraph.solving.shrink import _Shrinking, shrink, still  # noqa: E402

EXAMPLES = HERE.parent.parent / "examples"
HELPERS = ("brute.py", "measure.py")


def folder_for(planted: Planted, root: Path) -> tuple[Path, str]:
    """A scratch folder to grade ``planted`` in, and how grade names its student there."""
    folder = root / (planted.example or "planted")
    if not folder.exists():
        if planted.example is None:
            folder.mkdir(parents=True)
        else:
            shutil.copytree(EXAMPLES / planted.example, folder, ignore=shutil.ignore_patterns("__pycache__"))
        for module in HERE.glob("*.py"):
            if module.name not in HELPERS:
                shutil.copy(module, folder)
    student = planted.student
    if ":" not in student:  # a model of the example: a config naming it
        settings = yaml.safe_load((folder / planted.reference).read_text())
        settings["model"] = student
        (folder / f"{student}.yaml").write_text(yaml.safe_dump(settings))
        student = f"{student}.yaml"
    return folder, student


def side(spec: str) -> Side:
    return Side(config=spec) if spec.endswith(".yaml") else Side((spec,))


def first_case(judge, make, seed: int, instances: int, max_size: int):
    """The first instance of grade's main run that disagrees (``None``: none does)."""
    for number in range(1, instances + 1):
        size = 1 + (number - 1) * max_size // instances
        case = judge(make(random.Random(f"{seed}/{number}"), size), size, number)
        if case.why is not None:
            return case if still(case) else None
    return None


def hypothesis_shrink(case, judge, make, seed: int, examples: int):
    """``hypothesis.find``'s smallest failure over (size, randoms), then the text pass; and its steps."""
    from hypothesis import HealthCheck, Phase, find, settings
    from hypothesis import strategies as st
    from hypothesis.errors import NoSuchExample

    judged: dict = {}
    found = [case]

    def fails(drawn) -> bool:
        size, rng = drawn
        text = make(rng, size)
        if (text, size) not in judged:
            answered = judge(text, size)
            judged[text, size] = answered if still(answered) else None
        if judged[text, size] is not None:
            found[0] = judged[text, size]
        return judged[text, size] is not None

    try:
        find(st.tuples(st.integers(1, case.size), st.randoms(use_true_random=False)), fails,
             settings=settings(max_examples=examples, database=None, derandomize=True, deadline=None,
                               phases=[Phase.generate, Phase.shrink], suppress_health_check=list(HealthCheck)))
    except NoSuchExample:
        found[0] = case
    shrinking = _Shrinking(found[0], judge, make, seed)
    shrinking.text_pass()
    return shrinking.case, shrinking.steps


def older(path: str):
    """The ``shrink`` of an older grade.py, loaded as a module of the package."""
    spec = importlib.util.spec_from_file_location("stategraph.solving._grade_before", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module.shrink


def measure(name: str, planted: Planted, root: Path, args) -> list[str]:
    folder, student = folder_for(planted, root)
    os.chdir(folder)  # the children load the code named from here
    shrinkers = {"own": shrink, "hypothesis": lambda c, j, m, s: hypothesis_shrink(c, j, m, s, args.examples)}
    if args.before:
        shrinkers = {"before": older(args.before), **shrinkers}
    lines = []
    with Reference(side(planted.reference)) as reference, Sandbox(side(student)) as box:
        judge = _Judge(reference, box, False)
        first = first_case(judge, reference.make, args.seed, args.instances, args.max_size)
        if first is None:
            return [f"{name}: no disagreement in the main run"]
        for label, shrinker in shrinkers.items():
            if args.only and label not in args.only:
                continue
            judge = _Judge(reference, box, False)
            reference._kept.clear()  # each shrinker pays for its own reference calls
            started = perf_counter()
            case, steps = shrinker(first, judge, reference.make, args.seed)
            seconds = perf_counter() - started
            ours, theirs = planted.costs(case.text)
            lines.append(f"{name:26} {label:10} first {first.size}  size {case.size} (by its text "
                         f"{planted.size_of(case.text)})  calls {judge.calls:5}  {seconds:6.2f} s  steps {steps:3}  "
                         f"costs {ours}/{theirs}  {case.text!r}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="the planted models (all by default)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--instances", type=int, default=200)
    parser.add_argument("--max-size", type=int, default=6)
    parser.add_argument("--examples", type=int, default=2000, help="hypothesis.find's max_examples")
    parser.add_argument("--before", help="an older grade.py whose shrink is measured too")
    parser.add_argument("--only", nargs="*", help="the shrinkers measured (before, own, hypothesis)")
    args = parser.parse_args()
    here = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="measure-") as root:
        try:
            for name in args.names or PLANTED:
                for line in measure(name, PLANTED[name], Path(root), args):
                    print(line, flush=True)
        finally:
            os.chdir(here)


if __name__ == "__main__":
    main()
