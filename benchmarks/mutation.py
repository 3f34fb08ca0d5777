"""What the test suite catches: the killed share of a fixed sample of mutants (mutmut 3.8.1).

The mutated code is that of ``src/stategraph/search``, ``graph`` and ``contract`` (``[tool.mutmut]`` in
pyproject.toml: the rest of ``src`` is copied unchanged, the tests read ``examples/``, ``docs/`` ...).
All their mutants are several thousand, too many to run on a laptop, so a fixed, seeded random sample
of them, drawn in proportion to each package's count, is listed in ``benchmarks/mutation_sample.txt``.
Mutant names hold the module and the function (``stategraph.search.bfs.x_bfs__mutmut_7``), so the
same sample measures any tree whose ``src/`` is the same: the tests before and after a
reorganisation.

Run it on a checkout (a git worktree is best: mutmut writes a ``mutants/`` folder where it runs)::

    pip install -e '.[test,mutation]'
    git worktree add ../mut-after HEAD
    python benchmarks/mutation.py ../mut-after

It removes ``FOLDER/mutants`` (a previous run's stats name the old tests), runs ``mutmut run
--max-children N NAME ...`` (``--children N``, default 1) for the sampled names in FOLDER (the quick
run of the tests, without xdist, in one process), and prints the results per package and overall:
killed, survived, timeout, no tests (no test of the quick run calls the function), other (what
mutmut could not judge: suspicious, not checked, a crash).  The killed share is killed / (sample -
other): a timeout or "no tests" counts as not killed.  On one core (the other one busy) the 300
mutants take over an hour: mutmut first runs the whole quick run twice (once to map each function to
the tests that call it, once clean), then each mutant against the tests that call its function,
stopping at the first failure.  ``--report`` only reads the results of the last run; ``--resume``
finishes a run that was stopped (mutmut keeps each mutant's result as it gets it); ``--tsv FILE``
writes each mutant's result; ``mutmut show NAME`` (in FOLDER) shows a mutant's diff.

The tests import ``stategraph`` from ``FOLDER/mutants/src`` (mutmut puts it first on ``sys.path``);
the tests that run ``python -m stategraph`` in a child process import the installed package, so they
see the unmutated code: they kill no mutant (the same before and after).  Three tests that inspect
the package itself see mutmut's instrumentation and are deselected (``[tool.mutmut]``): if the
reorganisation renames them, rename them there too (pytest ignores a ``--deselect`` of a test that
is not there, and mutmut stops when a test fails on the unmutated code).

Whether a test kills one mutant, without mutmut's runs (after one run has made ``FOLDER/mutants``)::

    MUTANT_UNDER_TEST=NAME PYTHONPATH=FOLDER/mutants/src python -m pytest -p no:xdist tests/test_x.py

``--draw SIZE`` draws a new sample (seeded by ``--seed``) from the mutants of FOLDER and writes it to
the sample file, or grows the sample there to SIZE: do it before the "before" measurement, never
between the two.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAMPLE = HERE / "mutation_sample.txt"
PACKAGES = ("search", "graph", "contract")
MUTMUT = Path(sys.executable).with_name("mutmut")  # the console script next to this Python
# mutmut's exit codes (mutmut.stats.status_by_exit_code), in the columns printed here
STATUS = {1: "killed", 3: "killed", 0: "survived", 36: "timeout", -24: "timeout", 24: "timeout",
          152: "timeout", 255: "timeout", 33: "no tests", 5: "no tests"}
COLUMNS = ("killed", "survived", "timeout", "no tests", "other")


def read_sample(path: Path) -> list[str]:
    lines = (line.strip() for line in path.read_text().splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def package_of(name: str) -> str:
    return name.split(".")[1]  # stategraph.<package>.<module>.x_<function>__mutmut_<n>


def check_config(folder: Path) -> None:
    config = tomllib.loads((folder / "pyproject.toml").read_text()).get("tool", {}).get("mutmut")
    if not config:
        sys.exit(f"{folder}/pyproject.toml has no [tool.mutmut] section: copy it from {HERE.parent}/pyproject.toml")


def exit_codes(folder: Path) -> dict[str, int | None]:
    """Every mutant's exit code, as mutmut recorded it in ``mutants/src/.../*.py.meta``."""
    codes: dict[str, int | None] = {}
    for meta in sorted((folder / "mutants" / "src").glob("stategraph/*/*.py.meta")):
        codes.update(json.loads(meta.read_text())["exit_code_by_key"])
    return codes


def generate(folder: Path) -> None:
    """Only mutmut's first step (the mutants, no test run): for ``--draw``."""
    code = ("import os, mutmut.__main__ as m; from mutmut.mutation.trampoline import set_mutant_under_test as s; "
            "s('mutant_generation'); os.makedirs('mutants', exist_ok=True); m.copy_src_dir(); "
            "m.copy_also_copy_files(); m.create_mutants(1)")
    subprocess.run([sys.executable, "-c", code], cwd=folder, check=True, stdout=subprocess.DEVNULL)


def draw(folder: Path, size: int, seed: int, out: Path) -> None:
    """A seeded random sample, each package's share of it in proportion to its count of mutants.

    If ``out`` already lists a sample, it is kept and grown to ``size``: each package gets more names,
    drawn from the rest of its mutants (seeded by ``seed`` plus the size of the sample kept), to reach
    its share of ``size``.  The union is again a random sample in proportion to the packages' counts.
    """
    if not (folder / "mutants").is_dir():
        generate(folder)
    names: dict[str, list[str]] = {package: [] for package in PACKAGES}
    for name in exit_codes(folder):
        names[package_of(name)].append(name)
    kept = read_sample(out) if out.exists() else []
    header = [line for line in out.read_text().splitlines() if line.startswith("#")] if kept else []
    total = sum(map(len, names.values()))
    quota = {package: size * len(names[package]) // total for package in PACKAGES}
    by_remainder = sorted(PACKAGES, key=lambda package: -(size * len(names[package]) % total))
    for package in by_remainder[: size - sum(quota.values())]:  # largest remainders
        quota[package] += 1
    rng = random.Random(seed + len(kept))
    chosen = set(kept)
    for package in PACKAGES:
        rest = sorted(set(names[package]) - chosen)
        have = sum(package_of(name) == package for name in kept)
        chosen |= set(rng.sample(rest, quota[package] - have))
    header.append(f"# benchmarks/mutation.py --draw {size} --seed {seed}"
                  + (f" (grown from {len(kept)}, seeded {seed + len(kept)})" if kept else "")
                  + f": of {total} mutants " + ", ".join(f"{p} {quota[p]} of {len(names[p])}" for p in PACKAGES))
    lines = header + sorted(chosen, key=lambda name: (PACKAGES.index(package_of(name)), name))
    out.write_text("\n".join(lines) + "\n")
    print(header[-1])


def run(folder: Path, sample: list[str], resume: bool, children: int = 1) -> None:
    if resume:  # only the sampled mutants the last run left without a result (it was stopped)
        codes = exit_codes(folder)
        sample = [name for name in sample if codes.get(name, 0) is None]
        if not sample:
            return
    else:
        shutil.rmtree(folder / "mutants", ignore_errors=True)
    done = subprocess.run([str(MUTMUT), "run", "--max-children", str(children), *sample], cwd=folder)
    if done.returncode:  # e.g. a test that fails on the unmutated code: mutmut says which above
        sys.exit(f"mutmut run failed (exit status {done.returncode})")


def report(folder: Path, sample: list[str], tsv: Path | None) -> None:
    codes = exit_codes(folder)
    missing = [name for name in sample if name not in codes]
    if missing:
        sys.exit(f"{len(missing)} sampled mutants are not mutants of {folder}/src (is src/ the same?): {missing[:3]}")
    status = {name: STATUS.get(codes[name], "other") for name in sample}
    if tsv:
        tsv.write_text("".join(f"{name}\t{status[name]}\t{codes[name]}\n" for name in sample))
    rows = {package: Counter(s for name, s in status.items() if package_of(name) == package) for package in PACKAGES}
    rows["all"] = Counter(status.values())
    print(f"{'package':10}" + "".join(f"{column:>10}" for column in COLUMNS) + f"{'total':>8}{'killed share':>14}")
    for package, counts in rows.items():
        total = sum(counts.values())
        judged = total - counts["other"]
        share = f"{counts['killed'] / judged:.1%}" if judged else "-"
        print(f"{package:10}" + "".join(f"{counts[column]:>10}" for column in COLUMNS) + f"{total:>8}{share:>14}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the checkout to measure (mutmut runs there)")
    parser.add_argument("--sample", type=Path, default=SAMPLE, help="the mutant names (default: %(default)s)")
    parser.add_argument("--report", action="store_true", help="only print the results of the last run")
    parser.add_argument("--resume", action="store_true",
                        help="keep FOLDER/mutants and run only the sampled mutants that have no result yet")
    parser.add_argument("--tsv", type=Path, help="also write each sampled mutant's result to this file")
    parser.add_argument("--draw", type=int, metavar="SIZE", help="draw a new sample of SIZE into --sample, and stop")
    parser.add_argument("--seed", type=int, default=20240611)
    parser.add_argument("--children", type=int, default=1, help="mutants run at once (default: %(default)s)")
    args = parser.parse_args()
    folder = args.folder.resolve()
    check_config(folder)
    if args.draw:
        draw(folder, args.draw, args.seed, args.sample)
        return
    sample = read_sample(args.sample)
    if not args.report:
        run(folder, sample, args.resume, args.children)
    report(folder, sample, args.tsv)


if __name__ == "__main__":
    main()
