"""``stategraph grade``'s smallest counterexample (issue 41): what the generator chose is shrunk, not only its text.

The planted wrong models are those of ``tests/grading_planted/brute.py``: the examples' own wrong
models and students of our own (for the examples, and for two puzzles of ours), each with a brute
force written there, plain searches that share nothing with stategraph.  It finds the smallest
size at which the reference's generator can make an instance the student gets wrong (trying every
input of each size, or, where size 1 has too many, one the generator makes that fails); grade's
smallest case must be of that size for every model but those of ``MAY_MISS`` (at most one in ten),
and the brute force must find it a counterexample, with the costs the report gives.  The seeds
are chosen so that grade's first disagreement is larger than that, where the generator allows it:
shrinking has the work to do.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from example_folders import EXAMPLES, example_module
from example_references import hanoi
from grading_planted import bridge, coins
from grading_planted.brute import PLANTED, canonical, numbers, smallest_size, tower_moves
from stategraph.solving.grade import Case, difference, grade
from stategraph.solving.sandbox import Outcome, Sandbox, Side
from stategraph.solving.shrink import PAST_END, Choices, Overrun, _Shrinking, shrink, still
from stategraph.solving.simpler_texts import fewer, simpler
from stategraph.views.grade_report import part

PLANTED_DIR = Path(__file__).resolve().parent / "grading_planted"
HELPERS = ("brute.py", "measure.py")
INSTANCES, MAX_SIZE = 12, 8  # grade's run here: one or two instances of each size from 1 to 8
# the seed of each model's run: one whose first disagreement is larger than the smallest size, where any is
SEEDS = {"keys_doors-cell_only": 3, "river_crossing-no_boat": 8, "rush_hour-steps": 3, "water_jug-no_empty": 2,
         "water_jug-one_way": 2, "hanoi-next_larger": 1, "river_crossing-left_bank": 7, "lights_out-no_up": 0,
         "knight-legs": 2, "bridge-escort": 3, "bridge-times_only": 8, "coins-greedy": 1}
AT_ONCE = {"lights_out-no_up"}  # wrong on three boards in four of size 1: every run finds one there first
MAY_MISS: set[str] = set()  # the models whose case may be larger than the smallest size: at most one in ten
FAKE_SEEDS = range(10)  # the seeds the shrinking alone is tried with, a brute force as its judge


def generator_of(name: str):
    """The reference's ``random_instance`` of planted model ``name``, loaded here."""
    planted = PLANTED[name]
    if planted.example is None:
        module, cls = planted.reference.split(":")
        return getattr({"bridge": bridge, "coins": coins}[module], cls)().random_instance
    config = yaml.safe_load((EXAMPLES / planted.example / planted.reference).read_text())
    module, cls = config["puzzle"].split(":")
    return getattr(example_module(module), cls)().random_instance


SMALLEST: dict[str, int | None] = {}


def smallest(name: str) -> int | None:
    """The brute force's smallest failing size of ``name`` (found once a process)."""
    if name not in SMALLEST:
        SMALLEST[name] = smallest_size(PLANTED[name], generator_of(name))
    return SMALLEST[name]


def scratch(tmp_path: Path, name: str) -> tuple[Path, Side, Side]:
    """A folder to grade ``name`` in (a copy of its example, or a new one, with the planted students),
    and its reference and student as grade takes them."""
    planted = PLANTED[name]
    folder = tmp_path / (planted.example or "planted")
    if planted.example is None:
        folder.mkdir()
    else:
        shutil.copytree(EXAMPLES / planted.example, folder, ignore=shutil.ignore_patterns("__pycache__"))
    for module in PLANTED_DIR.glob("*.py"):
        if module.name not in HELPERS:
            shutil.copy(module, folder)
    student = planted.student
    if ":" not in student:  # a model of the example: a config naming it, beside the example's
        settings = yaml.safe_load((folder / planted.reference).read_text())
        settings["model"] = student
        (folder / f"{student}.yaml").write_text(yaml.safe_dump(settings))
        student = f"{student}.yaml"
    return folder, side(planted.reference), side(student)


def side(spec: str) -> Side:
    return Side(config=spec) if spec.endswith(".yaml") else Side((spec,))


# recorded choices ---------------------------------------------------------------------------------------------------

def draws(rng: random.Random) -> list:
    """A little of everything a generator may ask of its ``rng``."""
    cells = list(range(10))
    rng.shuffle(cells)
    return [rng.randint(1, 6), rng.choice("#..."), rng.sample(range(100), 3), rng.random(), rng.randrange(3, 30, 3),
            rng.choices("abc", k=4), rng.uniform(2, 5), rng.getrandbits(70), rng.gauss(0, 1), cells,
            rng.randbytes(3)]


def test_choices_draw_what_random_random_draws_and_record_each_choice():
    for seed in ("0/14", "7/shrink/2/5", 3):
        recorded = Choices(seed)
        assert draws(recorded) == draws(random.Random(seed))
        # one choice an index (randint, choice, each of sample's three, randrange, each of shuffle's nine), one a
        # random() (each of choices' four, uniform, gauss's two), getrandbits and randbytes one each
        assert len(recorded.made) == 1 + 1 + 3 + 1 + 1 + 4 + 1 + 1 + 2 + 9 + 1
        assert all(isinstance(choice, int) and choice >= 0 for choice in recorded.made)


def test_a_replay_makes_the_choices_again_then_the_lowest():
    recorded = Choices("5/2")
    drawn = draws(recorded)
    again = Choices(replay=recorded.made)
    assert draws(again) == drawn and again.made == recorded.made
    lowest = Choices(replay=[])
    assert [lowest.randint(4, 9), lowest.choice("xyz"), lowest.random(), lowest.sample("abcd", 2)[0]] == [4, "x", 0.0,
                                                                                                          "a"]
    assert lowest.made == [0] * 5


def test_a_replayed_choice_is_cut_to_the_choices_there_are():
    """An index past the last item is the last; a number wider than the bits asked is cut to them."""
    rng = Choices(replay=[99, 7, 0b10110, 2 ** 60])
    assert [rng.choice("ab"), rng.randint(1, 3), rng.getrandbits(3), rng.random()] == ["b", 3, 0b110, 0.0]
    assert rng.made == [1, 2, 0b110, 0]


def test_a_replay_that_asks_forever_is_given_up():
    def endless(rng):
        count = 0
        while rng.random() < 0.5:  # the lowest choice, 0.0, keeps it going
            count += 1
        return count

    with pytest.raises(Overrun):
        endless(Choices(replay=[]))
    assert endless(Choices(replay=[0] * 10 + [2 ** 52])) == 10  # 2**52 is 0.5: it stops
    assert PAST_END >= 100


# the text pass ------------------------------------------------------------------------------------------------------

def test_fewer_drops_each_row_and_each_column_with_its_count():
    text = "2 3\nS.#\n.#G\n0 0\n"
    made = set(fewer(text))
    rows = {"1 3\n.#G\n0 0\n", "1 3\nS.#\n0 0\n"}
    columns = {"2 2\n.#\n#G\n0 0\n", "2 2\nS#\n.G\n0 0\n", "2 2\nS.\n.#\n0 0\n"}
    assert rows <= made and columns <= made
    assert {"2 3\n.#G\n0 0\n", "2 3\nS.\n.#\n0 0\n"} <= made  # a format that counts nothing: no number lowered
    assert all(len(other) < len(text) for other in made)
    assert set(fewer("3\n4 1 2 5 10\n")) == set()  # numbers are no grid


def test_simpler_gives_each_text_once_and_never_the_text_itself():
    text = "3 3\nS.#\n.a.\n#AG\n0 0\n"
    made = list(simpler(text))
    assert len(made) == len(set(made)) and text not in made
    assert "2 3\n.a.\n#AG\n0 0\n" in made and "3 3\nS..\n.a.\n#AG\n0 0\n" in made


# the brute force ----------------------------------------------------------------------------------------------------

def test_the_brute_force_says_what_is_known():
    assert PLANTED["bridge-escort"].costs("1\n4 1 2 5 10\n") == (17, 19)  # the classic puzzle: 17 minutes
    assert PLANTED["bridge-escort"].costs("1\n3 1 2 5\n") == (8, 8)  # three people: escorting is best
    assert PLANTED["bridge-times_only"].costs("1\n3 5 5 7\n") == (17, 7)
    assert PLANTED["coins-greedy"].costs("1\n6 3 1 3 4\n") == (2, 3)
    assert PLANTED["coins-greedy"].costs("1\n4 2 2 3\n") == (2, None)
    assert PLANTED["water_jug-no_empty"].costs("1\n3 5 4\n") == (6, None)  # Die Hard 3: it needs an empty
    assert PLANTED["hanoi-next_larger"].costs("1\n3 AAA CCC\n") == (7, 7)  # the classic solution
    assert PLANTED["hanoi-next_larger"].costs("1\n3 ABC CBC\n") == (1, None)
    assert PLANTED["river_crossing-left_bank"].costs("3 2\n0 0\n") == (11, 9)  # 11 crossings, the classic answer


@pytest.mark.parametrize("name", [name for name, planted in PLANTED.items() if planted.inputs is not None])
def test_the_inputs_tried_hold_every_input_the_generator_makes(name):
    """What the brute force tries at a size holds what the generator makes there (the order of a list
    of times or coins left aside: the answer does not depend on it)."""
    planted, make = PLANTED[name], generator_of(name)

    def plain(text: str) -> str:
        return " ".join(map(str, sorted(numbers(text)))) if planted.example is None else text

    for size in range(1, smallest(name) + 1):  # every size below the smallest failing one must be whole
        tried = {plain(text) for text in planted.inputs(size)}
        assert all(plain(make(random.Random(f"{name}/{k}"), size)) in tried for k in range(300)), size


def test_there_are_ten_planted_models_or_more_and_nine_at_the_smallest_size():
    assert len(PLANTED) >= 10 and set(SEEDS) == set(PLANTED)
    assert MAY_MISS <= set(PLANTED) and len(PLANTED) - len(MAY_MISS) >= 9
    assert sum(smallest(name) > 1 for name in PLANTED) >= 5  # where shrinking has sizes to cross


# shrinking, with the brute force as its judge -----------------------------------------------------------------------

class BruteSide:
    kind = "answer"


class BruteCase:
    """A case as the brute force judges it: only whether it disagrees."""

    def __init__(self, text: str, size: int, number: int, why):
        self.text, self.size, self.number, self.why = text, size, number, why
        self.reference = self.student = BruteSide()

    def states(self, side) -> int:
        return 0


class BruteJudge:
    def __init__(self, planted):
        self.planted, self.calls = planted, 0

    def __call__(self, text, size, number=0, reference=None):
        self.calls += 1
        ours, theirs = self.planted.costs(text)
        return BruteCase(text, size, number, None if ours == theirs else f"{theirs} for {ours}")

    def reference(self, text):
        return BruteSide()


def first_failure(name: str, seed: int):
    """grade's first disagreeing instance of ``seed`` (its main run's schedule), judged by the brute force."""
    judge, make = BruteJudge(PLANTED[name]), generator_of(name)
    for number in range(1, INSTANCES + 1):
        size = 1 + (number - 1) * MAX_SIZE // INSTANCES
        case = judge(make(random.Random(f"{seed}/{number}"), size), size, number)
        if case.why is not None:
            return case
    return None


@pytest.mark.parametrize("name", [name for name in PLANTED if not name.startswith("rush_hour")])  # its search: slow
def test_the_choices_pass_reaches_the_smallest_size(name):
    """On each seed whose run disagrees, the shrinking of the generator's choices reaches the brute
    force's smallest size (the text pass keeps the size), and twice the same case."""
    make, reached = generator_of(name), []
    for seed in FAKE_SEEDS:
        case = first_failure(name, seed)
        if case is None:
            continue
        found = []
        for _ in range(2):
            shrinking = _Shrinking(case, BruteJudge(PLANTED[name]), make, seed)
            shrinking.choices_pass()
            found.append((shrinking.case.size, shrinking.case.text))
        assert found[0] == found[1]
        assert PLANTED[name].fails(found[0][1]) and found[0][0] <= case.size
        reached.append(found[0][0])
    assert len(reached) >= 3
    assert reached == [smallest(name)] * len(reached)


def test_a_generator_that_is_not_seeded_still_shrinks_by_its_size():
    """A generator that draws from elsewhere than its ``rng`` cannot be replayed: fresh instances at
    smaller sizes and the text pass still shrink it."""
    planted, made = PLANTED["bridge-escort"], generator_of("bridge-escort")

    def unseeded(rng, size):
        return made(random.Random(rng.random() + random.random()), size)

    case = BruteCase("1\n6 3 4 3 4 1 1\n", 5, 7, "differs")
    shrinking = _Shrinking(case, BruteJudge(planted), unseeded, 0)
    assert not shrinking.replays
    shrinking.choices_pass()
    assert shrinking.case.size == smallest("bridge-escort") and planted.fails(shrinking.case.text)


# grade itself -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", PLANTED)
def test_grade_reports_a_case_of_the_smallest_size(name, tmp_path, monkeypatch):
    planted = PLANTED[name]
    folder, reference, student = scratch(tmp_path, name)
    monkeypatch.chdir(folder)  # the children load the code named from here
    graded = grade(reference, student, name=name, instances=INSTANCES, seed=SEEDS[name], max_size=MAX_SIZE)
    assert graded.verdict == "disagrees", graded.message
    first, case = graded.first, graded.smallest
    assert first.text == generator_of(name)(random.Random(f"{SEEDS[name]}/{first.number}"), first.size)
    assert case.size <= first.size and planted.size_of(case.text) <= case.size
    # the brute force finds the case a counterexample, with the costs the report gives
    assert planted.costs(case.text) == (case.reference.answers[case.question]["cost"],
                                        case.student.answers[case.question]["cost"])
    if name not in MAY_MISS:
        assert case.size == smallest(name), case.text
    assert first.size > smallest(name) or name in AT_ONCE  # the seed still leaves shrinking sizes to cross


def test_the_same_seed_gives_the_same_case_byte_for_byte(tmp_path, monkeypatch):
    folder, reference, student = scratch(tmp_path, "keys_doors-cell_only")
    monkeypatch.chdir(folder)
    runs = [grade(reference, student, instances=INSTANCES, seed=SEEDS["keys_doors-cell_only"], max_size=MAX_SIZE)
            for _ in range(2)]
    assert [(r.first.text, r.smallest.text, r.smallest.size, r.shrink_steps) for r in runs[:1]] == \
           [(r.first.text, r.smallest.text, r.smallest.size, r.shrink_steps) for r in runs[1:]]
    assert runs[0].smallest.text != runs[0].first.text


def test_shrinking_keeps_within_its_budget_of_judge_calls(monkeypatch):
    """Each pass stops at its budget of judge calls, with the case so far: here the fresh instances of
    sizes where none can disagree (a student wrong from five people on) spend it."""
    import stategraph.solving.shrink as shrinking

    monkeypatch.setattr(shrinking, "SHRINK_CALLS", 30)
    monkeypatch.setattr(shrinking, "TEXT_CALLS", 0)
    judge = BruteJudge(PLANTED["bridge-escort"])
    judge.planted = type("FromFive", (), {"costs": staticmethod(lambda text: (1, 1 + (numbers(text)[1] >= 5)))})()
    make = generator_of("bridge-escort")
    number = next(k for k in range(1, 100) if numbers(make(random.Random(f"0/{k}"), 6))[1] >= 5)
    case = BruteCase(make(random.Random(f"0/{number}"), 6), 6, number, "differs")
    found, steps = shrink(case, judge, make, 0)
    assert judge.calls == 30 and steps > 0
    assert found.size == 4 and numbers(found.text)[1] == 5  # the smallest size with five people


# where the paths part -----------------------------------------------------------------------------------------------

def answers(path: list[str], moves: list[str], cost) -> Outcome:
    return Outcome("answer", [{"instance": 1, "query": 1, "output": f"{cost}\n", "cost": cost, "illegal": None,
                               "wrong": None, "states": len(path), "moves": moves, "path": path}])


def test_they_part_at_the_first_state_that_differs_however_the_moves_are_spelled():
    ours = answers(["0", "1", "2", "3"], ["+1", "+1", "+1"], 3)
    spelled = answers(["0", "1", "2", "4", "3"], ["one", "one", "two", "minus one"], 4)
    same_form = answers(["0", "1", "2", "4", "3"], ["+1", "+1", "+2", "-1"], 4)
    for theirs in (spelled, same_form):
        question, why = difference(ours, theirs)
        step, reference_move, student_move, _ = part(Case("3\n", 1, 0, ours, theirs, why, question))
        assert (step, reference_move) == (3, "'+1'")  # the states after move 3 are 3 and 4
    # the same states, moves spelled otherwise: no move where they part (the answers differ in cost)
    costlier = answers(["0", "1", "2", "3"], ["one", "one", "one"], 4)
    question, why = difference(ours, costlier)
    assert part(Case("3\n", 1, 0, ours, costlier, why, question))[0] is None


def test_they_part_where_the_canonical_paths_do_for_a_student_spelling_its_moves(tmp_path, monkeypatch):
    """The Towers of Hanoi from AAA to AAB: the reference's canonical path and that of the student who moves a
    disc onto the one larger only, its moves spelled in words, as found by the brute force."""
    folder, reference, _ = scratch(tmp_path, "hanoi-next_larger")
    monkeypatch.chdir(folder)
    text = "1\n3 AAA AAB\n"
    start, goal = hanoi.instances(text)[0]
    paths = [canonical(start, goal, lambda pegs, only=only: tower_moves(pegs, only)) for only in (False, True)]
    parted = next(k for k, (a, b) in enumerate(zip(*paths)) if a != b)  # the first state that differs
    with Sandbox(reference) as ours, Sandbox(Side(("towers:Spelled",))) as theirs:
        outcomes = ours.answer(text), theirs.answer(text)
    question, why = difference(*outcomes)
    case = Case(text, 3, 0, *outcomes, why, question)
    assert still(case) and [a["path"] for a in (outcomes[0].answers[0], outcomes[1].answers[0])] == paths
    step, reference_move, student_move, _ = part(case)
    assert step == parted and parted > 1
    assert (reference_move, student_move) == (repr(outcomes[0].answers[0]["moves"][parted - 1]),
                                              repr(outcomes[1].answers[0]["moves"][parted - 1]))
